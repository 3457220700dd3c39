# `sgmc plot DRAWS --picture PICTURE EXTRA...` of a draws CSV written by
# `sgmc run` (test cli_run_*): its output matches EXPECT (a regular
# expression) and every file of PICTURES (names beside PICTURE) exists and
# is a PNG.
get_filename_component(dir ${PICTURE} DIRECTORY)
foreach(picture IN LISTS PICTURES)
  file(REMOVE ${dir}/${picture})
endforeach()
execute_process(COMMAND ${SGMC} plot ${DRAWS} --picture ${PICTURE} ${EXTRA}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "sgmc plot failed (${rc}):\n${out}\n${err}")
endif()
if(NOT out MATCHES "${EXPECT}")
  message(FATAL_ERROR "sgmc plot's output does not match '${EXPECT}':\n${out}")
endif()
foreach(picture IN LISTS PICTURES)
  file(READ ${dir}/${picture} signature LIMIT 8 HEX)
  if(NOT signature STREQUAL "89504e470d0a1a0a")
    message(FATAL_ERROR "${dir}/${picture} is not a PNG (starts with ${signature})")
  endif()
endforeach()
message(STATUS "${out}")
