# Project-wide compile settings, applied per target by sgmc_target_defaults().

set(SGMC_WARNINGS -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion)

function(sgmc_target_defaults target)
  target_compile_options(${target} PRIVATE ${SGMC_WARNINGS})
  if(SGMC_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

# SGMC_SANITIZE: empty/OFF, or a comma- or semicolon-separated list of
# sanitizers passed to -fsanitize= (address, undefined, thread, leak); ON
# means address,undefined. CI builds it with clang (cmake/ci/asan.sh,
# cmake/ci/tsan.sh; docs/testing.md): GCC 12 warns falsely inside Eigen once
# the sanitizers are on.
set(SGMC_SANITIZERS "")
if(SGMC_SANITIZE)
  string(TOUPPER "${SGMC_SANITIZE}" _sgmc_sanitize)
  if(_sgmc_sanitize MATCHES "^(ON|TRUE|YES|Y|1)$")
    set(SGMC_SANITIZERS address undefined)
  else()
    string(REPLACE "," ";" SGMC_SANITIZERS "${SGMC_SANITIZE}")
  endif()
  foreach(s IN LISTS SGMC_SANITIZERS)
    if(NOT s MATCHES "^(address|undefined|thread|leak)$")
      message(FATAL_ERROR "SGMC_SANITIZE = '${SGMC_SANITIZE}': '${s}' is not one of "
                          "address, undefined, thread, leak (or ON = address,undefined)")
    endif()
  endforeach()
  if("thread" IN_LIST SGMC_SANITIZERS AND
     ("address" IN_LIST SGMC_SANITIZERS OR "leak" IN_LIST SGMC_SANITIZERS))
    message(FATAL_ERROR
      "SGMC_SANITIZE = '${SGMC_SANITIZE}': thread cannot be combined with address or leak")
  endif()
  list(JOIN SGMC_SANITIZERS "," _sgmc_fsanitize)
  message(STATUS "sgmc: sanitizers ${_sgmc_fsanitize}")
  # Line tables give the reports file:line without the cost of full -g.
  if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    set(_sgmc_debug -gline-tables-only)
  else()
    set(_sgmc_debug -g1)
  endif()
  add_compile_options(-fsanitize=${_sgmc_fsanitize} -fno-omit-frame-pointer -fno-sanitize-recover=all
                      ${_sgmc_debug})
  add_link_options(-fsanitize=${_sgmc_fsanitize})
  # C programs (tests/c) link the C++ libsgmc: they need the C++ parts of the
  # runtimes too (UBSan's vptr and function checks) and the C++ library those
  # use, which clang links into C++ programs only unless asked.
  if(CMAKE_C_COMPILER_ID MATCHES "Clang")
    set(SGMC_SANITIZE_LINK_CXX -fsanitize-link-c++-runtime -lstdc++)
    add_link_options("$<$<LINK_LANGUAGE:C>:${SGMC_SANITIZE_LINK_CXX}>")
  endif()

  # A program that is not instrumented (R, a consumer built with plain cc)
  # can load the instrumented libsgmc only with the runtime preloaded:
  # SGMC_SANITIZER_RUNTIME names it, for LD_PRELOAD in such tests.
  if("address" IN_LIST SGMC_SANITIZERS OR "thread" IN_LIST SGMC_SANITIZERS)
    if("address" IN_LIST SGMC_SANITIZERS)
      set(_sgmc_rt asan)
    else()
      set(_sgmc_rt tsan)
    endif()
    if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
      set(_sgmc_rt libclang_rt.${_sgmc_rt}-${CMAKE_SYSTEM_PROCESSOR}.so)
    else()
      set(_sgmc_rt lib${_sgmc_rt}.so)
    endif()
    execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=${_sgmc_rt}
      OUTPUT_VARIABLE SGMC_SANITIZER_RUNTIME OUTPUT_STRIP_TRAILING_WHITESPACE)
    if(NOT IS_ABSOLUTE "${SGMC_SANITIZER_RUNTIME}" OR NOT EXISTS "${SGMC_SANITIZER_RUNTIME}")
      message(WARNING "sanitizer runtime ${_sgmc_rt} not found (libclang-rt-14-dev): "
                      "the tests that load libsgmc into R will fail")
      set(SGMC_SANITIZER_RUNTIME "")
    endif()
  endif()
endif()
