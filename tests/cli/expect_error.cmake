# Runs COMMAND (a ;-list) and passes only when it fails with a message on
# stderr matching every regular expression in EXPECT (a ;-list).
execute_process(COMMAND ${COMMAND} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0)
  message(FATAL_ERROR "expected a failure, got exit code 0; stdout:\n${out}")
endif()
foreach(pattern IN LISTS EXPECT)
  if(NOT err MATCHES "${pattern}")
    message(FATAL_ERROR "stderr does not match '${pattern}':\n${err}")
  endif()
endforeach()
message(STATUS "failed as expected: ${err}")
