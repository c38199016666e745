// Intra-op thread count. Set explicitly: some LibTorch builds (Debian's 1.13 among them) default
// to one thread however many cores there are.
#pragma once

namespace contra::core {

/// Sets LibTorch's intra-op threads to `requested`, or to every core when `requested` <= 0.
/// Returns the count now in use.
int set_threads(int requested);

}  // namespace contra::core
