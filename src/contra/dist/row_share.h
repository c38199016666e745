// A rank's contiguous share of n rows, for work that every rank could do alone and that the ranks
// split instead (the evaluation: eval/features.h, eval/knn.h, eval/linear_probe.h). Unlike the
// training batch's strided share (dist/batch_shard.h) n need not be a multiple of W: the first
// ranks take ceil(n / W) rows each and the last ones what is left, possibly none.
#pragma once

#include <algorithm>
#include <cstdint>

#include "contra/dist/world.h"

namespace contra::dist {

struct RowShare {
  std::int64_t start = 0;     ///< this rank's first row
  std::int64_t count = 0;     ///< its rows: [start, start + count); 0 for a trailing rank when n < W·per_rank
  std::int64_t per_rank = 0;  ///< ceil(n / W): every rank's count padded to it makes the all_gather's equal blocks
};

/// This rank's rows of n (n >= 0): rank r takes [r·p, min((r + 1)·p, n)) with p = ceil(n / W). One
/// process takes all of them. Gathering every rank's share padded to p rows, in rank order, puts
/// row i at position i, so the first n rows of the gather are the n rows in order.
inline RowShare row_share(std::int64_t n, const World& world) {
  const std::int64_t w = world.size();
  const std::int64_t p = (n + w - 1) / w;
  const std::int64_t start = std::min(n, world.rank() * p);
  return {start, std::min(n, start + p) - start, p};
}

}  // namespace contra::dist
