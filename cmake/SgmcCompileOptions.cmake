# Project-wide compile settings, applied per target by sgmc_target_defaults().

set(SGMC_WARNINGS -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion)
# GCC 12 reports a false "maybe-uninitialized" inside its own AVX-512
# intrinsics (_mm512_undefined_pd) once Eigen's packets are inlined (GCC bug
# 105593); the warning cannot be silenced at the system header.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  list(APPEND SGMC_WARNINGS -Wno-maybe-uninitialized)
endif()

function(sgmc_target_defaults target)
  target_compile_options(${target} PRIVATE ${SGMC_WARNINGS})
  if(SGMC_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

if(SGMC_NATIVE)
  add_compile_options(-march=native)
endif()

if(SGMC_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined)
endif()
