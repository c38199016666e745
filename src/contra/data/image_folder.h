// Image folders in torchvision's ImageFolder layout: data.root/<split>/<class>/<image>, the splits
// `train` and `test` (or `val`), each image a PNG or JPEG file. Decoded with stb_image (Debian's
// libstb), converted to RGB, and resized once at load to data.image_size × data.image_size with
// stb_image_resize's default filters (Mitchell–Netravali when shrinking, Catmull–Rom when
// enlarging; edges clamped), without keeping the aspect ratio, as torchvision's Resize((s, s)).
#pragma once

#include <torch/types.h>

#include <string>
#include <vector>

#include "contra/config/experiment.h"
#include "contra/data/dataset.h"

namespace contra::data {

/// The image folder's own [data] key.
struct FolderOptions {
  std::int64_t image_size = 0;  ///< the side images are resized to, in [8, 1024]; it must be set

  template <class V>
  void visit(V& v) {
    v("image_size", image_size);
  }
};

/// One image file as uint8 3×side×side (RGB; gray, gray+alpha and RGBA are converted, the alpha
/// dropped). Throws core::ContraError naming the file when it does not start with the PNG or JPEG
/// signature (stb_image would also take BMP, GIF, PPM, ...), or cannot be decoded (stb's reason).
torch::Tensor read_image(const std::string& path, std::int64_t side);

/// Images of the split folder `dir`, labelled by `classes` (sorted class folder names), the classes
/// taking turns (image 0 of every class, then image 1, ...; files sorted by name). Every
/// regular file in a class folder must be a .png, .jpg or .jpeg image (any case). Throws
/// core::ContraError naming the folder when a class folder holds no image, or when `dir` has a
/// class folder not in `classes`; naming the file when it is not an image.
Split read_image_split(const std::string& dir, const std::vector<std::string>& classes, std::int64_t side);

/// The class folder names of `dir`, sorted (byte order, as torchvision's). Throws
/// core::ContraError when `dir` is missing or holds no class folder.
std::vector<std::string> image_classes(const std::string& dir);

/// The `folder` dataset: train from data.root/train, test from data.root/test (or val), classes
/// from train's folders, normalisation constants from the whole train split (computed at load).
/// data.image_size must be set. Throws core::ContraError (prefixed with `where`) naming the folder
/// or file and its defect.
Dataset load_image_folder(const config::DataOptions& options, const std::string& where);

/// data.root/test or data.root/val, whichever exists (test first). Throws core::ContraError when
/// neither does, naming both.
std::string image_test_dir(const config::DataOptions& options, const std::string& where);

}  // namespace contra::data
