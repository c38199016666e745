# CONTRA_SANITIZE=address,undefined (`make test-asan`): every target of this project is built with
# those sanitizers. Only our code is instrumented: LibTorch and the other Debian libraries are not,
# so ASan sees their heap through its malloc but not their reads and writes.
set(CONTRA_SANITIZE "" CACHE STRING "Sanitizers for contra's own targets, e.g. address,undefined")
if(CONTRA_SANITIZE)
  # -fno-sanitize-recover: a UBSan finding fails the test instead of scrolling past.
  # _GLIBCXX_ASSERTIONS: libstdc++'s bounds checks (vector[], string[], front/back on empty), which
  # catch the out-of-range reads ASan cannot see inside a container's capacity; ABI-compatible.
  add_compile_options(-fsanitize=${CONTRA_SANITIZE} -fno-sanitize-recover=all -fno-omit-frame-pointer)
  add_compile_definitions(_GLIBCXX_ASSERTIONS)
  add_link_options(-fsanitize=${CONTRA_SANITIZE})
  # gcc 12 under -fsanitize=address reports -Wmaybe-uninitialized in std::function (std::regex) and
  # c10::optional<Tensor> that the plain build does not: false positives inside system headers.
  add_compile_options(-Wno-maybe-uninitialized)
endif()
