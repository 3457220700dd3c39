# The version is set once, in the top CMakeLists.txt (project(sgmc VERSION
# ...)); the files that cannot read it from CMake must say the same:
# SGMC_VERSION_MAJOR/MINOR/PATCH in sgmc.h, the R package's DESCRIPTION and
# the Julia package's Project.toml. Run with -DVERSION=<PROJECT_VERSION>
# -DROOT=<source dir>.
set(problems "")
file(READ ${ROOT}/capi/include/sgmc/sgmc.h header)
foreach(part MAJOR MINOR PATCH)
  string(REGEX MATCH "#define SGMC_VERSION_${part} ([0-9]+)" _ "${header}")
  list(APPEND header_version ${CMAKE_MATCH_1})
endforeach()
list(JOIN header_version "." header_version)
if(NOT header_version STREQUAL VERSION)
  string(APPEND problems "capi/include/sgmc/sgmc.h says ${header_version}\n")
endif()
file(READ ${ROOT}/bindings/r/pkg/DESCRIPTION description)
string(REGEX MATCH "\nVersion: ([0-9.]+)" _ "\n${description}")
if(NOT CMAKE_MATCH_1 STREQUAL VERSION)
  string(APPEND problems "bindings/r/pkg/DESCRIPTION says '${CMAKE_MATCH_1}'\n")
endif()
file(READ ${ROOT}/bindings/julia/Project.toml project)
string(REGEX MATCH "\nversion = \"([0-9.]+)\"" _ "\n${project}")
if(NOT CMAKE_MATCH_1 STREQUAL VERSION)
  string(APPEND problems "bindings/julia/Project.toml says '${CMAKE_MATCH_1}'\n")
endif()
if(problems)
  message(FATAL_ERROR "the version of CMakeLists.txt is ${VERSION}, but\n${problems}")
endif()
message(STATUS "every file says version ${VERSION}")
