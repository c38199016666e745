// Range and cross-field checks of an Experiment. Every message names the location, the key and the value.
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

/// The method named, its options' checks and every other method's, and the exclusive options of
/// other methods left at their defaults.
void validate_method(const Experiment& e, const MethodSchema& methods, const Checks& c) {
  std::vector<std::string> names;
  for (const auto& spec : methods) names.push_back(spec.name);
  c.one_of("method.name", e.method.name, names);
  for (const auto& spec : methods) spec.validate(e);
  const auto& named = *find_method(methods, e.method.name);
  const auto reads = [](const MethodSpec& spec, const std::string& key) {
    return std::any_of(spec.options.begin(), spec.options.end(), [&](const OptionSpec& o) { return o.key == key; });
  };
  for (const auto& spec : methods) {
    for (const auto& o : spec.options) {
      if (!(o.flags & kExclusive) || reads(named, o.key)) continue;
      const Value* v = e.method.find(o.key);
      if (v == nullptr || *v == o.default_value) continue;
      const std::string key = "method." + o.key;
      CONTRA_CHECK(
          false, "{}{} = {} is not read by method.name = '{}': only {} reads it (leave it at {}, or name that method)",
          c.prefix(key), key, literal(*v), e.method.name, spec.name, literal(o.default_value));
    }
  }
}

}  // namespace

void validate(const Experiment& e, const MethodSchema& methods) {
  FiniteChecker finite(e);
  const_cast<Experiment&>(e).visit(finite);  // the checker only reads the fields
  const Checks c([&e](const std::string& key) { return e.where(key); });
  // [run]
  c.at_least("run.seed", e.run.seed, 0);
  CONTRA_CHECK(core::is_valid_device_spec(e.run.device),
               "{}: run.device = '{}' is not a device: use auto, cpu, cuda or cuda:N", e.where("run.device"),
               e.run.device);
  c.one_of("run.precision", e.run.precision, core::precision_names());
  c.one_of("run.dist_backend", e.run.dist_backend, names::kDistBackends);
  c.at_least("run.dist_timeout_s", e.run.dist_timeout_s, 1);
  // [data]
  c.one_of("data.dataset", e.data.dataset, names::kDatasets);
  c.one_of("data.label_kind", e.data.label_kind, names::kLabelKinds);
  c.one_of("data.train_split", e.data.train_split, names::kTrainSplits);
  CONTRA_CHECK(e.data.train_split == "train" || e.data.dataset == "stl10",
               "{}: data.train_split = '{}' needs an unlabeled split, which only stl10 has (data.dataset = '{}')",
               e.where("data.train_split"), e.data.train_split, e.data.dataset);
  CONTRA_CHECK(e.data.train_split == "train" || find_method(methods, e.method.name) == nullptr ||
                   !find_method(methods, e.method.name)->trains_on_labels,
               "{}: data.train_split = '{}' adds images without labels, but method.name = '{}' trains on labels; "
               "set data.train_split = 'train'",
               e.where("data.train_split"), e.data.train_split, e.method.name);
  CONTRA_CHECK(e.data.label_kind == DataOptions{}.label_kind || e.data.dataset == "cifar100",
               "{}: data.label_kind = '{}' applies to cifar100 only (data.dataset = '{}')", e.where("data.label_kind"),
               e.data.label_kind, e.data.dataset);
  CONTRA_CHECK(!e.data.root.empty(), "{}: data.root is empty", e.where("data.root"));
  CONTRA_CHECK(e.data.dataset != "mnist" || e.data.root != DataOptions{}.root,
               "{}: data.dataset = 'mnist' but data.root = '{}' is the Fashion-MNIST folder; set data.root to a folder "
               "with MNIST's IDX files",
               e.where("data.dataset"), e.data.root);
  if (e.data.dataset == "folder")
    c.require(e.data.image_size >= 8 && e.data.image_size <= 1024, "data.image_size", e.data.image_size,
              "data.dataset = 'folder' resizes its images to data.image_size, in [8, 1024]");
  else
    c.require(e.data.image_size == 0, "data.image_size", e.data.image_size,
              fmt::format("only data.dataset = 'folder' resizes; {} keeps its own size (leave it 0)", e.data.dataset));
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
  c.require(a.saturation >= 0 && a.saturation < 1, "augment.saturation", a.saturation, "it must lie in [0, 1)");
  c.require(a.hue >= 0 && a.hue <= 0.5, "augment.hue", a.hue, "it must lie in [0, 0.5] (a fraction of the colour circle)");
  c.unit("augment.grayscale_prob", a.grayscale_prob, "a probability");
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
  // [method]: the name and the options, checked by the methods that own them (methods/<name>.h)
  validate_method(e, methods, c);
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
  // At most train_subset images of each training split (data/stl10.h): a bound from above, so nothing
  // that fits is refused here; the trainer checks again with the count it loaded.
  const std::int64_t splits = e.data.train_split == "train+unlabeled" ? 2 : 1;
  if (e.data.train_subset > 0)
    find_method(methods, e.method.name)->check_against_data(e, splits * e.data.train_subset);
}

}  // namespace contra::config
