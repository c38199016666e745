// IDX files (LeCun's MNIST format, also Fashion-MNIST), gzip-compressed or plain.
#pragma once

#include <torch/types.h>

#include <string>

namespace contra::data {

/// Reads an IDX3 image file (magic 0x00000803) into uint8 N×1×H×W.
/// Throws ContraError naming the file when it is missing, not gzip/IDX, has the wrong magic
/// number or dimensions, or is truncated (holds fewer images than its header declares).
torch::Tensor read_idx_images(const std::string& path);

/// Reads an IDX1 label file (magic 0x00000801) into int64 N.
/// Throws ContraError naming the file as read_idx_images does.
torch::Tensor read_idx_labels(const std::string& path);

}  // namespace contra::data
