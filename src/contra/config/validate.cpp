// Range and cross-field checks of an Experiment. Every message names the location, the key and the value.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "contra/config/load.h"
#include "contra/core/device.h"
#include "contra/core/error.h"

namespace contra::config {

namespace {

class Checker {
 public:
  explicit Checker(const Experiment& exp) : exp_(exp) {}

  template <class T>
  void require(bool ok, const std::string& key, const T& value, const std::string& rule) const {
    CONTRA_CHECK(ok, "{}: {} = {} is out of range: {}", exp_.where(key), key, value, rule);
  }
  void positive(const std::string& key, double v) const {
    require(std::isfinite(v) && v > 0, key, v, "it must be > 0");
  }
  void non_negative(const std::string& key, double v) const {
    require(std::isfinite(v) && v >= 0, key, v, "it must be >= 0");
  }
  void at_least(const std::string& key, std::int64_t v, std::int64_t lo) const {
    require(v >= lo, key, v, fmt::format("it must be >= {}", lo));
  }
  void unit(const std::string& key, double v, const std::string& what) const {
    require(v >= 0 && v <= 1, key, v, fmt::format("{} must lie in [0, 1]", what));
  }
  void one_of(const std::string& key, const std::string& v, const std::vector<std::string>& valid) const {
    CONTRA_CHECK(std::find(valid.begin(), valid.end(), v) != valid.end(), "{}: {} = '{}' is unknown; valid: {}",
                 exp_.where(key), key, v, fmt::join(valid, ", "));
  }

 private:
  const Experiment& exp_;
};

/// Every real-valued key, whatever its range: NaN and ±inf are never a setting.
class FiniteChecker {
 public:
  explicit FiniteChecker(const Experiment& exp) : exp_(exp) {}
  template <class S>
  void section(const char* name, S& options) {
    section_ = name;
    options.visit(*this);
  }
  template <class T>
  void operator()(const char* key, const T& field) {
    if constexpr (std::is_floating_point_v<T>) {
      const std::string full = section_ + "." + key;
      CONTRA_CHECK(std::isfinite(field), "{}: {} = {} is not a finite number", exp_.where(full), full, field);
    }
  }

 private:
  const Experiment& exp_;
  std::string section_;
};

}  // namespace

void validate(const Experiment& e) {
  FiniteChecker finite(e);
  const_cast<Experiment&>(e).visit(finite);  // the checker only reads the fields
  const Checker c(e);
  // [run]
  c.at_least("run.seed", e.run.seed, 0);
  CONTRA_CHECK(core::is_valid_device_spec(e.run.device),
               "{}: run.device = '{}' is not a device: use auto, cpu, cuda or cuda:N", e.where("run.device"),
               e.run.device);
  // [data]
  c.one_of("data.dataset", e.data.dataset, names::kDatasets);
  CONTRA_CHECK(!e.data.root.empty(), "{}: data.root is empty", e.where("data.root"));
  CONTRA_CHECK(e.data.dataset != "mnist" || e.data.root != DataOptions{}.root,
               "{}: data.dataset = 'mnist' but data.root = '{}' is the Fashion-MNIST folder; set data.root to a folder "
               "with MNIST's IDX files",
               e.where("data.dataset"), e.data.root);
  c.at_least("data.train_subset", e.data.train_subset, 0);
  c.at_least("data.test_subset", e.data.test_subset, 0);
  // [augment]
  const auto& a = e.augment;
  c.one_of("augment.recipe", a.recipe, names::kRecipes);
  c.require(a.crop_scale_min > 0 && a.crop_scale_min <= 1, "augment.crop_scale_min", a.crop_scale_min,
            "it must lie in (0, 1]");
  c.require(a.crop_scale_max >= a.crop_scale_min && a.crop_scale_max <= 1, "augment.crop_scale_max", a.crop_scale_max,
            fmt::format("it must lie in [augment.crop_scale_min = {}, 1]", a.crop_scale_min));
  c.unit("augment.flip_prob", a.flip_prob, "a probability");
  c.unit("augment.jitter_prob", a.jitter_prob, "a probability");
  c.unit("augment.blur_prob", a.blur_prob, "a probability");
  c.require(a.brightness >= 0 && a.brightness < 1, "augment.brightness", a.brightness, "it must lie in [0, 1)");
  c.require(a.contrast >= 0 && a.contrast < 1, "augment.contrast", a.contrast, "it must lie in [0, 1)");
  c.positive("augment.blur_sigma_min", a.blur_sigma_min);
  c.require(a.blur_sigma_max >= a.blur_sigma_min, "augment.blur_sigma_max", a.blur_sigma_max,
            fmt::format("it must be >= augment.blur_sigma_min = {}", a.blur_sigma_min));
  // [model]
  const auto& m = e.model;
  c.one_of("model.backbone", m.backbone, names::kBackbones);
  c.one_of("model.head", m.head, names::kHeads);
  c.at_least("model.width", m.width, 1);
  c.at_least("model.mlp_hidden", m.mlp_hidden, 1);
  c.at_least("model.dim", m.dim, 1);
  c.at_least("model.bn_splits", m.bn_splits, 1);
  // [method]
  const auto& me = e.method;
  c.one_of("method.name", me.name, names::kMethods);
  c.at_least("method.queue", me.queue, 1);
  c.at_least("method.negatives", me.negatives, 1);
  c.require(me.memory_momentum >= 0 && me.memory_momentum < 1, "method.memory_momentum", me.memory_momentum,
            "λ must lie in [0, 1)");
  c.unit("method.momentum", me.momentum, "m");
  c.require(std::isfinite(me.temperature) && me.temperature > 0, "method.temperature", me.temperature, "τ must be > 0");
  c.one_of("method.loss", me.loss, names::kLosses);
  c.require(me.loss == "infonce" || me.name == "memory_bank", "method.loss", me.loss,
            fmt::format("NCE needs a memory bank, and method.name = '{}' (use infonce, or method.name = 'memory_bank')",
                        me.name));
  c.require(me.nce_z_momentum >= 0 && me.nce_z_momentum <= 1, "method.nce_z_momentum", me.nce_z_momentum,
            "ρ must lie in [0, 1]");
  c.require(me.l2_norm || me.name == "simclr", "method.l2_norm", "false",
            fmt::format("only SimCLR's NT-Xent can drop the normalisation; method.name = '{}' keeps unit-norm keys",
                        me.name));
  // [optim]
  const auto& o = e.optim;
  c.at_least("optim.batch", o.batch, 2);
  c.at_least("optim.epochs", o.epochs, 1);
  c.positive("optim.lr", o.lr);
  c.one_of("optim.lr_scaling", o.lr_scaling, names::kLrScalings);
  c.require(o.sgd_momentum >= 0 && o.sgd_momentum < 1, "optim.sgd_momentum", o.sgd_momentum, "it must lie in [0, 1)");
  c.non_negative("optim.weight_decay", o.weight_decay);
  c.one_of("optim.schedule", o.schedule, names::kSchedules);
  c.require(o.lr_gamma > 0 && o.lr_gamma <= 1, "optim.lr_gamma", o.lr_gamma, "it must lie in (0, 1]");
  for (auto s : o.lr_steps)
    c.require(s >= 1, "optim.lr_steps", fmt::format("[{}]", fmt::join(o.lr_steps, ", ")),
              "every step must be an epoch >= 1");
  c.require(o.warmup_epochs >= 0 && o.warmup_epochs < o.epochs, "optim.warmup_epochs", o.warmup_epochs,
            fmt::format("it must lie in [0, optim.epochs = {})", o.epochs));
  // Cross-field: SplitBatchNorm needs whole sub-batches.
  CONTRA_CHECK(o.batch % m.bn_splits == 0, "{}: optim.batch = {} is not divisible by model.bn_splits = {} ({})",
               e.where("optim.batch"), o.batch, m.bn_splits, e.where("model.bn_splits"));
  c.require(o.batch / m.bn_splits >= 2, "model.bn_splits", m.bn_splits,
            fmt::format("each BN split needs >= 2 images, and optim.batch = {}", o.batch));
  CONTRA_CHECK(e.data.train_subset == 0 || e.data.train_subset >= o.batch,
               "{}: data.train_subset = {} is smaller than one batch (optim.batch = {})", e.where("data.train_subset"),
               e.data.train_subset, o.batch);
  // [eval]
  c.at_least("eval.knn_k", e.eval.knn_k, 1);
  c.positive("eval.knn_t", e.eval.knn_t);
  c.at_least("eval.knn_every", e.eval.knn_every, 0);
  c.at_least("eval.batch", e.eval.batch, 1);
  // [train]
  c.at_least("train.checkpoint_every", e.train.checkpoint_every, 0);
  // Against the data, as far as the config alone tells (the trainer checks the loaded size).
  if (e.data.train_subset > 0) validate_against_data(e, e.data.train_subset);
}

void validate_against_data(const Experiment& e, std::int64_t train_images) {
  CONTRA_CHECK(e.method.name != "moco" || e.method.queue < train_images || e.method.allow_own_keys,
               "{}: method.queue = {} is not smaller than the {} training images: the queue would hold keys of each "
               "query's own image as negatives; lower method.queue (or raise data.train_subset), or set "
               "method.allow_own_keys = true to allow it",
               e.where("method.queue"), e.method.queue, train_images);
}

}  // namespace contra::config
