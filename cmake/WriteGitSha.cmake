# cmake -DSRC=<source dir> -DOUT=<header> -P WriteGitSha.cmake
execute_process(COMMAND git -C "${SRC}" rev-parse --short=12 HEAD
                OUTPUT_VARIABLE sha OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR sha STREQUAL "")
  set(sha "unknown")
endif()
# Regenerated results (results/) are data, not source: they do not make the build dirty.
execute_process(COMMAND git -C "${SRC}" status --porcelain --untracked-files=no -- . ":(exclude)results"
                OUTPUT_VARIABLE dirty OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT dirty STREQUAL "")
  set(sha "${sha}-dirty")
endif()
set(content "#pragma once\n#define CONTRA_GIT_SHA \"${sha}\"\n")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL content)
  file(WRITE "${OUT}" "${content}")
endif()
