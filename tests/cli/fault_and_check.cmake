# `sgmc run CONFIG` into WORK_DIR for a run that a fault of the model stops
# (docs/faults.md): the program must fail with a message on stderr matching
# every regular expression in EXPECT (a ;-list), and still write the draws
# made before the fault (the CSV has its header and at least one row) and a
# summary whose "fault" names chain 0 and whose faults_per_chain are FAULTS
# (a ,-list).
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
set(COMMAND ${SGMC} run ${CONFIG} --draws ${WORK_DIR}/draws.csv --summary ${WORK_DIR}/summary.json
            ${EXTRA})
include(${CMAKE_CURRENT_LIST_DIR}/expect_error.cmake)  # sets err, the program's stderr

file(STRINGS ${WORK_DIR}/draws.csv lines)
list(LENGTH lines n_lines)
list(GET lines 0 header)
if(NOT header STREQUAL ".chain,.iteration,.draw,lp__,x[1],x[2]" OR n_lines LESS 2)
  message(FATAL_ERROR "draws.csv should hold the draws before the fault:\n${header} (${n_lines} lines)")
endif()

file(READ ${WORK_DIR}/summary.json summary)
string(JSON chain ERROR_VARIABLE json_error GET "${summary}" fault chain)
if(json_error OR NOT chain EQUAL 0)
  message(FATAL_ERROR "summary.json has no fault of chain 0 (${json_error}):\n${summary}")
endif()
string(JSON message GET "${summary}" fault message)
if(NOT err MATCHES "sgmc: .*at chain 0, step")
  message(FATAL_ERROR "stderr does not hold the fault's message:\n${err}")
endif()
string(REPLACE "," ";" FAULTS "${FAULTS}")
set(i 0)
foreach(expected IN LISTS FAULTS)
  string(JSON got GET "${summary}" faults_per_chain ${i})
  if(NOT got EQUAL expected)
    message(FATAL_ERROR "faults_per_chain[${i}] = ${got}, expected ${expected}:\n${summary}")
  endif()
  math(EXPR i "${i} + 1")
endforeach()
message(STATUS "stopped by a fault as expected (${n_lines} lines of draws): ${message}")
