# Warnings on contra's own targets only; third-party headers are SYSTEM includes.
function(contra_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wshadow -Wconversion -Wno-sign-conversion)
  if(CONTRA_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
