# `sgmc plot` of a draws CSV written by `sgmc run` (test cli_run_*): the
# picture exists and is a PNG.
file(REMOVE ${PICTURE})
execute_process(COMMAND ${SGMC} plot ${DRAWS} --picture ${PICTURE}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "sgmc plot failed (${rc}):\n${out}\n${err}")
endif()
file(READ ${PICTURE} signature LIMIT 8 HEX)
if(NOT signature STREQUAL "89504e470d0a1a0a")
  message(FATAL_ERROR "${PICTURE} is not a PNG (starts with ${signature})")
endif()
message(STATUS "${out}")
