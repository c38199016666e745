// ResNet backbones (models/resnet.h): output sizes of each stem, FLOPs against the published
// figures, and the named backbones through the encoder.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <tuple>
#include <utility>

#include "../support/errors.h"
#include "contra/config/experiment.h"
#include "contra/models/encoder.h"
#include "contra/models/resnet.h"

using contra::models::ResNet;
using contra::models::Stem;

TEST_CASE("ResNet: features of each depth and stem", "[models]") {
  torch::manual_seed(0);
  for (const auto& [depth, stem, side, dim] : {std::tuple{18, Stem::cifar, 32, 512}, std::tuple{18, Stem::imagenet, 96, 512},
                                               std::tuple{50, Stem::imagenet, 64, 2048}}) {
    INFO("depth " << depth << " side " << side);
    ResNet net(depth, stem, 3, 2);
    const auto y = net.forward(torch::rand({4, 3, side, side}));
    CHECK(y.sizes() == torch::IntArrayRef({4, dim}));
    CHECK(net.feature_dim() == dim);
    CHECK(torch::isfinite(y).all().item<bool>());
  }
}

TEST_CASE("ResNet: forward FLOPs at 224x224 match the published multiply-accumulates", "[models]") {
  // He et al. 2015, Table 1: ResNet-18 1.8e9 and ResNet-50 3.8e9 multiply-adds (v1, the stride on
  // the first 1x1); torchvision's v1.5 (the stride on the 3x3, as here) counts 4.09e9 (fvcore).
  const auto macs = [](std::int64_t depth, Stem stem, std::int64_t side) {
    return static_cast<double>(ResNet(depth, stem, 3, 1).forward_flops(side, side)) / 2.0;
  };
  const double r18 = macs(18, Stem::imagenet, 224);
  const double r50 = macs(50, Stem::imagenet, 224);
  CHECK(r18 == Approx(1.81e9).epsilon(0.01));
  CHECK(r50 == Approx(4.09e9).epsilon(0.01));
  // The CIFAR stem keeps the full resolution: ResNet-18 at 32x32 is 0.56e9 multiply-adds.
  CHECK(macs(18, Stem::cifar, 32) == Approx(0.556e9).epsilon(0.01));
}

TEST_CASE("ResNet: the encoder builds every named backbone, and refuses an unknown one", "[models]") {
  contra::config::ModelOptions o;
  o.dim = 16;
  for (const auto& [name, dim] : {std::pair{"resnet18", 512}, std::pair{"resnet50", 2048},
                                  std::pair{"resnet18_imagenet", 512}, std::pair{"resnet50_imagenet", 2048}}) {
    INFO(name);
    o.backbone = name;
    contra::models::Encoder encoder(o, 3);
    CHECK(encoder->feature_dim() == dim);
  }
  o.backbone = "resnet34";
  CHECK_THAT(contra::testing::message_of([&] { contra::models::Encoder e(o, 3); }),
             Catch::Contains("model.backbone = 'resnet34' is unknown") && Catch::Contains("resnet50_imagenet"));
}
