// Range and cross-field checks of an Experiment: every section's own, and those of the method,
// dataset and recipe it names (config/schema.h). Every message names the location, the key and the value.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "contra/config/checks.h"
#include "contra/config/load.h"
#include "contra/core/device.h"
#include "contra/core/error.h"
#include "contra/core/precision.h"

namespace contra::config {

namespace {

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
  void operator()(const char* key, const T& field, int = kNoFlags) {
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

void validate(const Experiment& e, const Schema& schema) {
  FiniteChecker finite(e);
  const_cast<Experiment&>(e).visit(finite);  // the checker only reads the fields
  const Checks c([&e](const std::string& key) { return e.where(key); });
  // [run]
  c.at_least("run.seed", e.run.seed, 0);
  CONTRA_CHECK(core::is_valid_device_spec(e.run.device),
               "{}: run.device = '{}' is not a device: use auto, cpu, cuda or cuda:N", e.where("run.device"),
               e.run.device);
  c.at_least("run.dist_timeout_s", e.run.dist_timeout_s, 1);
  // [data]: the dataset's own keys are its registry entry's to check (data/registry.h)
  const DatasetSpec* dataset = schema.dataset(e.data.dataset);
  const MethodSpec* method = schema.method(e.method.name);
  CONTRA_ASSERT(dataset != nullptr && method != nullptr && schema.recipe(e.augment.recipe) != nullptr,
                "validate: a component the reader did not resolve");
  CONTRA_CHECK(!e.data.root.empty(), "{}: data.root is empty; {}", e.where("data.root"),
               dataset->default_root.empty()
                   ? fmt::format("data.dataset = '{}' has no default folder: set data.root", e.data.dataset)
                   : fmt::format("leave it out for the folder of data.dataset = '{}' ({})", e.data.dataset,
                                 dataset->default_root));
  if (dataset->validate) dataset->validate(e);
  const std::string unlabeled = dataset->unlabeled_images ? dataset->unlabeled_images(e) : std::string();
  const bool adds_unlabeled = !unlabeled.empty();
  CONTRA_CHECK(!adds_unlabeled || !method->trains_on_labels,
               "{}: {} adds images without labels, but method.name = '{}' trains on labels",
               e.where(unlabeled.substr(0, unlabeled.find(' '))), unlabeled, e.method.name);
  c.at_least("data.train_subset", e.data.train_subset, 0);
  c.at_least("data.test_subset", e.data.test_subset, 0);
  c.at_least("data.validation", e.data.validation, 0);
  c.one_of("eval.split", e.eval.split, {"test", "validation"});
  CONTRA_CHECK(e.eval.split != "validation" || e.data.validation > 0,
               "{}: eval.split = 'validation' needs a validation split: set data.validation to the number of "
               "training images to hold out (data.validation = 0 here)",
               e.where("eval.split"));
  // [augment]
  const auto& a = e.augment;
  c.require(a.crop_scale_min > 0 && a.crop_scale_min <= 1, "augment.crop_scale_min", a.crop_scale_min,
            "it must lie in (0, 1]");
  c.require(a.crop_scale_max >= a.crop_scale_min && a.crop_scale_max <= 1, "augment.crop_scale_max", a.crop_scale_max,
            fmt::format("it must lie in [augment.crop_scale_min = {}, 1]", a.crop_scale_min));
  c.unit("augment.flip_prob", a.flip_prob, "a probability");
  c.unit("augment.jitter_prob", a.jitter_prob, "a probability");
  c.unit("augment.blur_prob", a.blur_prob, "a probability");
  c.require(a.brightness >= 0 && a.brightness < 1, "augment.brightness", a.brightness, "it must lie in [0, 1)");
  c.require(a.contrast >= 0 && a.contrast < 1, "augment.contrast", a.contrast, "it must lie in [0, 1)");
  c.require(a.saturation >= 0 && a.saturation < 1, "augment.saturation", a.saturation, "it must lie in [0, 1)");
  c.require(a.hue >= 0 && a.hue <= 0.5, "augment.hue", a.hue,
            "it must lie in [0, 0.5] (a fraction of the colour circle)");
  c.unit("augment.grayscale_prob", a.grayscale_prob, "a probability");
  c.positive("augment.blur_sigma_min", a.blur_sigma_min);
  c.require(a.blur_sigma_max >= a.blur_sigma_min, "augment.blur_sigma_max", a.blur_sigma_max,
            fmt::format("it must be >= augment.blur_sigma_min = {}", a.blur_sigma_min));
  // [model]
  const auto& m = e.model;
  c.one_of("model.backbone", m.backbone, names::kBackbones);
  // Widths: at least 1, and at most what a layer's weights can hold in memory on any machine.
  for (const auto& [key, value] : {std::pair<const char*, std::int64_t>{"model.width", m.width},
                                   {"model.mlp_hidden", m.mlp_hidden},
                                   {"model.dim", m.dim}})
    c.require(value >= 1 && value <= kMaxWidth, key, value, fmt::format("it must lie in [1, {}]", kMaxWidth));
  c.at_least("model.bn_splits", m.bn_splits, 1);
  // [method]: the options, checked by the method that owns them (methods/<name>.h)
  if (method->validate) method->validate(e);
  // [optim]
  const auto& o = e.optim;
  c.at_least("optim.batch", o.batch, 2);
  c.at_least("optim.epochs", o.epochs, 1);
  c.positive("optim.lr", o.lr);
  c.require(o.sgd_momentum >= 0 && o.sgd_momentum < 1, "optim.sgd_momentum", o.sgd_momentum, "it must lie in [0, 1)");
  c.non_negative("optim.weight_decay", o.weight_decay);
  c.require(o.lr_gamma > 0 && o.lr_gamma <= 1, "optim.lr_gamma", o.lr_gamma, "it must lie in (0, 1]");
  for (auto s : o.lr_steps)
    c.require(s >= 1, "optim.lr_steps", fmt::format("[{}]", fmt::join(o.lr_steps, ", ")),
              "every step must be an epoch >= 1");
  // Under the step schedule a milestone at or past optim.epochs never drops the learning rate (the
  // rate drops from epoch s + 1 on, counting from 1). Other schedules do not read lr_steps, so its
  // default [120, 160] stands beside runs of a few epochs there.
  if (o.schedule == Schedule::step)
    for (auto s : o.lr_steps)
      CONTRA_CHECK(s < o.epochs,
                   "{}: optim.lr_steps = [{}]: the step schedule drops the learning rate after epoch {}, but "
                   "optim.epochs = {}, so that drop never comes (optim.schedule from {}, optim.epochs from {}); scale "
                   "the steps to the epochs (the paper's 120 and 160 of 200 are 3 and 4 of 5)",
                   e.where("optim.lr_steps"), fmt::join(o.lr_steps, ", "), s, o.epochs, e.where("optim.schedule"),
                   e.where("optim.epochs"));
  for (std::size_t i = 1; i < o.lr_steps.size(); ++i)
    CONTRA_CHECK(
        o.lr_steps[i] > o.lr_steps[i - 1],
        "{}: optim.lr_steps = [{}]: the epochs must be strictly increasing (each drops the learning rate once)",
        e.where("optim.lr_steps"), fmt::join(o.lr_steps, ", "));
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
  // At most train_subset images of each training split (config::DatasetSpec::unlabeled_images): a bound from above, so nothing
  // that fits is refused here; the trainer checks again with the count it loaded.
  const std::int64_t splits = adds_unlabeled ? 2 : 1;
  if (e.data.train_subset > 0 && method->check_against_data)
    method->check_against_data(e, splits * e.data.train_subset);
}

}  // namespace contra::config
