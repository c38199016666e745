# Writes generated/contra/git_sha.h on every build; the file only changes when the SHA does,
# so nothing recompiles unless the commit moved.
add_custom_target(contra_git_sha
  COMMAND ${CMAKE_COMMAND} -DSRC=${CMAKE_CURRENT_SOURCE_DIR}
          -DOUT=${CMAKE_CURRENT_BINARY_DIR}/generated/contra/git_sha.h
          -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/WriteGitSha.cmake
  BYPRODUCTS ${CMAKE_CURRENT_BINARY_DIR}/generated/contra/git_sha.h
  COMMENT "Recording git SHA")
