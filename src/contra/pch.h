// Precompiled header for contra's targets: the heavy third-party headers only.
#pragma once
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <torch/torch.h>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>
