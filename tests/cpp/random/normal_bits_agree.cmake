# Runs normal_bits built against the baseline engine (BASELINE) and against
# this machine's instruction-set copy (COPY) and fails unless both print the
# same hash of their variates (tests/cpp/CMakeLists.txt).
foreach(program IN ITEMS BASELINE COPY)
  execute_process(COMMAND ${${program}} OUTPUT_VARIABLE hash_${program} RESULT_VARIABLE status
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT status EQUAL 0 OR NOT hash_${program} MATCHES "^[0-9a-f]+$")
    message(FATAL_ERROR "${${program}} failed (${status}): '${hash_${program}}'")
  endif()
endforeach()
if(NOT hash_BASELINE STREQUAL hash_COPY)
  message(FATAL_ERROR "normal variates differ: baseline copy ${hash_BASELINE}, "
                      "${COPY} ${hash_COPY}")
endif()
message(STATUS "normal variates agree: ${hash_BASELINE}")
