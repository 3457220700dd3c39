# SGMC_FUZZ: the libFuzzer targets of tests/fuzz (docs/fuzzing.md). Every
# object is instrumented for coverage, ASan and UBSan, so that the fuzzers
# see (and check) the library code they drive, not just their own file;
# only the fuzzer executables link libFuzzer itself (sgmc_add_fuzzer).
if(NOT SGMC_FUZZ)
  return()
endif()

if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang" OR NOT CMAKE_C_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR
    "SGMC_FUZZ=ON needs clang with libFuzzer (Debian: clang libclang-rt-14-dev), but the "
    "compilers are ${CMAKE_C_COMPILER_ID} ${CMAKE_C_COMPILER} and "
    "${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER}: configure a fresh build directory with "
    "-DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ (cmake/ci/fuzz.sh does)")
endif()

# UBSan reports are fatal (-fno-sanitize-recover) so that the fuzzer stops
# on them and keeps the input.
add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
                    -fno-omit-frame-pointer -g)
add_link_options(-fsanitize=address,undefined)
