# Instruction-set levels (docs/building.md, "Portable and fast").
#
# The default build is portable: everything targets the compiler's baseline
# (x86-64 on Debian), and the shared library that runs the hot loops,
# libsgmc (which the sgmc program and libsgmc_mpi load), is built once more
# for each level of SGMC_ISA_LEVELS, into glibc-hwcaps/<level>/ beside the
# baseline copy. glibc's loader (2.33+) then loads, by itself, the best copy
# the CPU can run (`ld.so --help` lists the levels it would pick): AVX-512
# or AVX2 and FMA where they exist, the baseline elsewhere, without a line of dispatch
# code and without mixing code of two levels in one library (Eigen's
# templates would otherwise be merged across levels by the linker).
# SGMC_NATIVE builds everything for the building machine instead.

set(_sgmc_default_levels "")
if(NOT SGMC_NATIVE AND NOT SGMC_SANITIZE AND NOT SGMC_FUZZ
   AND CMAKE_SYSTEM_NAME STREQUAL "Linux" AND CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64)$")
  include(CheckCSourceCompiles)
  check_c_source_compiles([=[
    #include <gnu/libc-version.h>
    #if !(__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    #error glibc-hwcaps needs glibc 2.33
    #endif
    int main(void) { return 0; }]=] SGMC_HAVE_GLIBC_HWCAPS)
  if(SGMC_HAVE_GLIBC_HWCAPS)
    set(_sgmc_default_levels x86-64-v3 x86-64-v4)
  endif()
endif()
set(SGMC_ISA_LEVELS "${_sgmc_default_levels}" CACHE STRING
  "Extra copies of libsgmc for these x86-64 levels (x86-64-v2, x86-64-v3, x86-64-v4), loaded by glibc where the CPU has them")
foreach(level IN LISTS SGMC_ISA_LEVELS)
  if(NOT level MATCHES "^x86-64-v[234]$")
    message(FATAL_ERROR "SGMC_ISA_LEVELS = '${SGMC_ISA_LEVELS}': '${level}' is not one of "
                        "x86-64-v2, x86-64-v3, x86-64-v4")
  endif()
endforeach()
if(SGMC_ISA_LEVELS AND (SGMC_NATIVE OR SGMC_SANITIZE OR SGMC_FUZZ))
  message(FATAL_ERROR "SGMC_ISA_LEVELS = '${SGMC_ISA_LEVELS}' cannot be combined with "
                      "SGMC_NATIVE, SGMC_SANITIZE or SGMC_FUZZ: leave it empty")
endif()

if(SGMC_NATIVE)
  add_compile_options(-march=native)
  set(SGMC_BASELINE_LEVEL native)
else()
  set(SGMC_BASELINE_LEVEL baseline)
endif()

# The best of SGMC_ISA_LEVELS that this machine runs: the benchmarks use it,
# so that they time what the loader gives an installed libsgmc here.
set(SGMC_HOST_ISA_LEVEL "")
if(SGMC_ISA_LEVELS AND CMAKE_C_COMPILER_ID STREQUAL "GNU")
  foreach(level IN LISTS SGMC_ISA_LEVELS)
    file(WRITE ${PROJECT_BINARY_DIR}/isa_probe/${level}.c
      "int main(void) { __builtin_cpu_init(); return __builtin_cpu_supports(\"${level}\") ? 0 : 1; }\n")
    try_run(_run _compiled SOURCES ${PROJECT_BINARY_DIR}/isa_probe/${level}.c NO_CACHE)
    if(_compiled AND _run EQUAL 0)
      set(SGMC_HOST_ISA_LEVEL ${level})
    endif()
  endforeach()
endif()
# The level the benchmarks are compiled for and the engine copy they link:
# by default the one the loader would give an installed libsgmc here, so
# that they time what it does; cmake/ci/isa_levels.sh sets each level in
# turn, to show that they compile for every level on any host.
set(SGMC_BENCH_ISA_LEVEL "${SGMC_HOST_ISA_LEVEL}" CACHE STRING
  "Instruction-set level of the benchmarks (one of SGMC_ISA_LEVELS, or empty for the baseline; default: this machine's best)")
if(SGMC_BENCH_ISA_LEVEL AND NOT SGMC_BENCH_ISA_LEVEL IN_LIST SGMC_ISA_LEVELS)
  message(FATAL_ERROR "SGMC_BENCH_ISA_LEVEL = '${SGMC_BENCH_ISA_LEVEL}' is not one of "
                      "SGMC_ISA_LEVELS = '${SGMC_ISA_LEVELS}' (or empty for the baseline)")
endif()
# The copy the loader picks here (what the tests expect sgmc_isa_level() to say).
if(SGMC_HOST_ISA_LEVEL)
  set(SGMC_LOADED_ISA_LEVEL ${SGMC_HOST_ISA_LEVEL})
else()
  set(SGMC_LOADED_ISA_LEVEL ${SGMC_BASELINE_LEVEL})
endif()
list(JOIN SGMC_ISA_LEVELS " " _sgmc_levels)
message(STATUS "sgmc: instruction-set levels ${SGMC_BASELINE_LEVEL} ${_sgmc_levels}"
               " (this machine runs ${SGMC_LOADED_ISA_LEVEL})")

# SGMC_BASELINE_RUNNER: a command prefix that runs a program with the
# baseline copies only (the loader told to use no glibc-hwcaps copy), for
# the tests of those copies; empty when there are no copies to skip.
set(SGMC_BASELINE_RUNNER "")
if(SGMC_ISA_LEVELS AND EXISTS /lib64/ld-linux-x86-64.so.2)
  set(SGMC_BASELINE_RUNNER /lib64/ld-linux-x86-64.so.2 --glibc-hwcaps-mask none)
endif()

# sgmc_target_isa(target level): compile target for level ("" = the baseline)
# and tell its sources which one (SGMC_ISA_LEVEL, what sgmc::isa_level() says)
# and its property SGMC_ISA_LEVEL (sgmc_gcc_bug_105593 reads it).
function(sgmc_target_isa target level)
  set_property(TARGET ${target} PROPERTY SGMC_ISA_LEVEL "${level}")
  if(level)
    target_compile_options(${target} PRIVATE -march=${level})
    target_compile_definitions(${target} PRIVATE SGMC_ISA_LEVEL="${level}")
  else()
    target_compile_definitions(${target} PRIVATE SGMC_ISA_LEVEL="${SGMC_BASELINE_LEVEL}")
  endif()
endfunction()

# sgmc_gcc_bug_105593(source...): GCC 12 reports a false "'__Y' is (or may
# be) used uninitialized" inside its own AVX-512 intrinsics (_mm512_undefined_pd,
# GCC bug 105593, fixed in GCC 13) where Eigen's vectorised exp, log or
# reductions inline into these sources, out of reach of pragmas. The warning
# is off for them alone, with GCC before 13, and only where they are
# compiled for AVX-512 (by targets of level x86-64-v4, sgmc_target_isa, or
# with SGMC_NATIVE); call it in the directory that makes their targets. Which sources: those
# that fail otherwise (cmake/ci/isa_levels.sh compiles everything for every
# level on any host).
function(sgmc_gcc_bug_105593)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    set(_avx512 "$<OR:$<STREQUAL:$<TARGET_PROPERTY:SGMC_ISA_LEVEL>,x86-64-v4>,$<BOOL:${SGMC_NATIVE}>>")
    set_property(SOURCE ${ARGN} APPEND PROPERTY COMPILE_OPTIONS
      "$<${_avx512}:-Wno-uninitialized>" "$<${_avx512}:-Wno-maybe-uninitialized>")
  endif()
endfunction()

# sgmc_isa_suffix(out level): the suffix of a level's copy of a target.
function(sgmc_isa_suffix out level)
  if(level)
    set(${out} ".${level}" PARENT_SCOPE)
  else()
    set(${out} "" PARENT_SCOPE)
  endif()
endfunction()

# sgmc_link_engine(target level): the engine of level ("" = the baseline)
# into target, as object files: the kernels compiled for level, then the
# code compiled once for the baseline. The linker keeps the first of the
# definitions of an inline function or template instance that several
# objects emit (Eigen's out-of-line kernels, e.g. its matrix products), so
# the kernels' objects come first: the baseline code of a copy then calls
# the level's instances, never the reverse. It is safe because a copy is
# loaded only on CPUs of its level, and the layouts agree across levels
# (sgmc_engine_interface fixes Eigen's alignment).
function(sgmc_link_engine target level)
  sgmc_isa_suffix(_suffix "${level}")
  target_sources(${target} PRIVATE $<TARGET_OBJECTS:sgmc_kernels${_suffix}>
                                   $<TARGET_OBJECTS:sgmc_engine_common>)
  target_link_libraries(${target} PRIVATE sgmc_engine_interface)
  set_target_properties(${target} PROPERTIES LINKER_LANGUAGE CXX)
endfunction()

# sgmc_hwcaps_copy(target baseline level): target is level's copy of the
# shared library baseline, made in the same CMakeLists: same file name, in
# glibc-hwcaps/<level>/ beside it. `all` builds it; a target that needs only
# the baseline (the demo of the README's first command) does not wait for it.
function(sgmc_hwcaps_copy target baseline level)
  get_target_property(_output_name ${baseline} OUTPUT_NAME)
  if(NOT _output_name)
    set(_output_name ${baseline})
  endif()
  set_target_properties(${target} PROPERTIES
    OUTPUT_NAME ${_output_name}
    LIBRARY_OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/glibc-hwcaps/${level})
endfunction()
