// The typed experiment configuration (DESIGN.md, "Config"). An experiment TOML is parsed once,
// at the edge (config/load.h), into these structs; every later layer sees only typed fields.
//
// Defaults are the papers' defaults (MoCo v1, arXiv:1911.05722, §3.3 and §4), so a TOML file only
// states what it changes. Each struct lists its keys once, in visit(), with their flags
// (config/options.h), which the reader, the writer, the --set overrides and the run id all use.
// [method] and [data] hold, besides their own keys, the options of the method and the dataset
// they name, declared by those (config/schema.h).
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

#include "contra/config/options.h"
#include "contra/config/value.h"
#include "contra/core/error.h"
#include "contra/core/precision.h"

namespace contra::config {

/// The process group of a run on several processes (dist/world.h).
enum class DistBackend {
  automatic,  ///< "auto": follows the device (gloo on CPU, NCCL on CUDA)
  gloo,
  nccl,
};
inline const std::vector<std::string>& names_of(DistBackend) {
  static const std::vector<std::string> names = {"auto", "gloo", "nccl"};
  return names;
}

/// [run]: what identifies a run besides the method.
struct RunOptions {
  std::int64_t seed = 0;                             ///< seeds weights, data order and augmentation
  std::string device = "auto";                       ///< auto | cpu | cuda | cuda:N
  core::Precision precision = core::Precision::fp32;  ///< fp32 | bf16 | fp16: the forward pass and loss under autocast (core/precision.h)
  bool deterministic = false;  ///< deterministic kernels; off: cuDNN benchmark, TF32 convolutions (CUDA)
  /// auto | gloo | nccl: the process group of a run on several processes (dist/world.h); auto
  /// follows the device (gloo on CPU, NCCL on CUDA).
  DistBackend dist_backend = DistBackend::automatic;
  /// Seconds a rank waits at the rendezvous and in each collective before it gives up on a peer
  /// (a rank that died).
  std::int64_t dist_timeout_s = 120;

  template <class V>
  void visit(V& v) {
    v("seed", seed);
    v("device", device);
    v("precision", precision);
    v("deterministic", deterministic, kExecution);
    v("dist_backend", dist_backend, kExecution);
    v("dist_timeout_s", dist_timeout_s, kExecution);
  }
};

/// [data]: which images, and how many. The dataset owns the keys only it reads (data/registry.h:
/// e.g. CIFAR-100's label kind), which sit in [data] beside these.
struct DataOptions {
  std::string dataset;  ///< a registered dataset (data/registry.h); the reader's default is the first
  /// Folder with the dataset's files; the reader's default is the dataset's own (the default
  /// dataset's Debian package folder).
  std::string root;
  bool verify = true;                ///< check each official file's record count
  std::int64_t train_subset = 0;     ///< use the first n training images; 0 = all
  std::int64_t test_subset = 0;      ///< use the first n test images for evaluation; 0 = all
  /// Training images held out as the validation split (data/validation.h): a fixed draw of this many
  /// from the whole training split, the same for every run and seed, never trained on; train_subset
  /// then keeps the first n of the rest. 0 = none. What eval.split = "validation" evaluates on.
  std::int64_t validation = 0;
  bool drop_last = true;             ///< drop the last, smaller batch of an epoch (official MoCo: drop_last=True)
  ComponentOptions options;          ///< the dataset's own keys, resolved

  template <class V>
  void visit(V& v) {
    v("dataset", dataset);
    v("root", root);
    v("verify", verify, kExecution);
    v("train_subset", train_subset);
    v("test_subset", test_subset);
    v("validation", validation, kAddedLater);
    v("drop_last", drop_last);
    options.visit(v);
  }
};

/// [augment]: the two-view recipe (MoCo v1 §A.4 / MoCo v2 / SimCLR §3), drawn as batched tensor ops.
struct AugmentOptions {
  /// A registered recipe (augment/recipes.h): it sets the defaults of the keys below. The reader's
  /// default is the first registered.
  std::string recipe;
  double crop_scale_min = 0.2;     ///< random resized crop: smallest area fraction
  double crop_scale_max = 1.0;     ///< random resized crop: largest area fraction (aspect 3/4..4/3)
  double flip_prob = 0.5;          ///< horizontal flip probability
  double jitter_prob = 1.0;        ///< probability of brightness/contrast jitter
  double brightness = 0.4;         ///< brightness factor drawn from [1-b, 1+b]
  double contrast = 0.4;           ///< contrast factor drawn from [1-c, 1+c]
  double saturation = 0.4;         ///< saturation factor drawn from [1-s, 1+s] (colour images only)
  double hue = 0.4;                ///< hue shift drawn from [-h, h] of the colour circle, h <= 0.5 (colour only)
  double grayscale_prob = 0.2;     ///< probability of random grayscale after the jitter (colour only)
  double blur_prob = 0.0;          ///< probability of Gaussian blur (MoCo v2, SimCLR: 0.5)
  double blur_sigma_min = 0.1;     ///< blur sigma range, in pixels
  double blur_sigma_max = 2.0;

  template <class V>
  void visit(V& v) {
    v("recipe", recipe);
    v("crop_scale_min", crop_scale_min);
    v("crop_scale_max", crop_scale_max);
    v("flip_prob", flip_prob);
    v("jitter_prob", jitter_prob);
    v("brightness", brightness);
    v("contrast", contrast);
    v("saturation", saturation);
    v("hue", hue);
    v("grayscale_prob", grayscale_prob);
    v("blur_prob", blur_prob);
    v("blur_sigma_min", blur_sigma_min);
    v("blur_sigma_max", blur_sigma_max);
  }
};

/// The projection head after the backbone.
enum class Head {
  linear,  ///< one linear layer (MoCo v1)
  mlp,     ///< linear, ReLU, linear (MoCo v2, SimCLR)
};
inline const std::vector<std::string>& names_of(Head) {
  static const std::vector<std::string> names = {"linear", "mlp"};
  return names;
}

/// [model]: backbone and projection head.
struct ModelOptions {
  /// small_cnn (28x28, CPU default) | resnet18 | resnet50 (CIFAR stem: 3x3 stride 1, no max-pool; 32x32)
  /// | resnet18_imagenet | resnet50_imagenet (7x7 stride 2 and max-pool; 96x96 and larger)
  std::string backbone = "small_cnn";
  std::int64_t width = 32;             ///< small_cnn: channels of the first stage (doubles twice)
  Head head = Head::linear;            ///< linear (MoCo v1) | mlp (MoCo v2, SimCLR)
  std::int64_t mlp_hidden = 512;       ///< hidden width of the mlp head (MoCo v2: 2048)
  std::int64_t dim = 128;              ///< output dimension, L2-normalised (MoCo v1 §3.3: 128)
  std::int64_t bn_splits = 1;          ///< SplitBatchNorm: BN statistics over this many sub-batches (MoCo demo: 8)

  template <class V>
  void visit(V& v) {
    v("backbone", backbone);
    v("width", width);
    v("head", head);
    v("mlp_hidden", mlp_hidden);
    v("dim", dim);
    v("bn_splits", bn_splits);
  }
};

/// [method]: which mechanism, and the options it reads. The options belong to the method: each
/// declares its keys with its own defaults in its header (methods/<name>.h), and the resolved
/// config holds the named method's keys only, typed.
struct MethodOptions {
  std::string name;           ///< a registered method (methods/registry.h); the reader's default is the first
  ComponentOptions options;   ///< the named method's keys, resolved

  /// The value of `key`, or nullptr when the method has no such option.
  const Value* find(const std::string& key) const { return options.find(key); }
  /// The value of `key` as T; aborts when the method has no such option (a programming error).
  template <class T>
  T get(const std::string& key) const {
    return options.get<T>(key);
  }
  /// Sets an option the method declares (code in tests and benchmarks; files go through the reader).
  void set(const std::string& key, Value value) { options.set(key, std::move(value)); }

  template <class V>
  void visit(V& v) {
    v("name", name);
    options.visit(v);
  }
};

/// read_options (config/options.h) on a section that names a component: its options struct.
template <class Options>
Options read_options(const MethodOptions& method) {
  return read_options<Options>(method.options);
}
template <class Options>
Options read_options(const DataOptions& data) {
  return read_options<Options>(data.options);
}

/// How the base learning rate scales with the batch B (SimCLR App. B.1).
enum class LrScaling {
  none,    ///< lr as given
  linear,  ///< lr·B/256
  sqrt,    ///< lr·√(B/256)
};
inline const std::vector<std::string>& names_of(LrScaling) {
  static const std::vector<std::string> names = {"none", "linear", "sqrt"};
  return names;
}

/// The learning-rate schedule after the warm-up.
enum class Schedule {
  step,    ///< multiplied by lr_gamma at each of lr_steps (MoCo v1)
  cosine,  ///< half a cosine from lr to 0 (MoCo v2, SimCLR)
};
inline const std::vector<std::string>& names_of(Schedule) {
  static const std::vector<std::string> names = {"step", "cosine"};
  return names;
}

/// [optim]: SGD with momentum and weight decay, and the learning-rate schedule.
struct OptimOptions {
  std::int64_t batch = 256;         ///< images per step (MoCo v1: 256)
  std::int64_t epochs = 200;        ///< passes over the training set
  double lr = 0.03;                 ///< base learning rate (MoCo v1: 0.03 for batch 256)
  LrScaling lr_scaling = LrScaling::none;  ///< none | linear (lr·B/256) | sqrt (lr·√(B/256)) (SimCLR App. B.1)
  double sgd_momentum = 0.9;        ///< SGD momentum
  double weight_decay = 1e-4;       ///< L2 weight decay
  Schedule schedule = Schedule::step;      ///< step (MoCo v1) | cosine (MoCo v2)
  std::vector<std::int64_t> lr_steps = {120, 160};  ///< step schedule: epochs where lr is multiplied by lr_gamma
  double lr_gamma = 0.1;                            ///< step schedule factor
  std::int64_t warmup_epochs = 0;                   ///< linear warm-up epochs before the schedule

  template <class V>
  void visit(V& v) {
    v("batch", batch);
    v("epochs", epochs);
    v("lr", lr);
    v("lr_scaling", lr_scaling);
    v("sgd_momentum", sgd_momentum);
    v("weight_decay", weight_decay);
    v("schedule", schedule);
    v("lr_steps", lr_steps);
    v("lr_gamma", lr_gamma);
    v("warmup_epochs", warmup_epochs);
  }
};

/// [eval]: the kNN monitor (InstDisc, arXiv:1805.01978 §3.4; MoCo demo).
struct EvalOptions {
  std::int64_t knn_k = 200;     ///< neighbours
  double knn_t = 0.1;           ///< temperature of the weights exp(s/t)
  std::int64_t knn_every = 0;   ///< also run the monitor every n epochs; 0 = final epoch only
  /// Also run the monitor on each run's randomly initialised encoder (summary knn_top1_random_init).
  /// Off by default: a sweep's random-init baseline (docs/baselines.md) measures the same encoder
  /// once per seed, and repeating it in every run cost about 6 s of a 100 s cpu-preset run.
  bool knn_random_init = false;
  std::int64_t batch = 512;     ///< images per forward pass when extracting features
  /// What the kNN monitor, the linear probe and alignment/uniformity are measured on: "test" (the
  /// dataset's test split) or "validation" (data.validation's held-out training images; the test
  /// split is then never read). Choose settings on "validation" only (docs/recipe.md).
  std::string split = "test";

  template <class V>
  void visit(V& v) {
    v("knn_k", knn_k);
    v("knn_t", knn_t);
    v("knn_every", knn_every);
    v("knn_random_init", knn_random_init);
    v("batch", batch);
    v("split", split, kAddedLater);
  }
};

/// [train]: how a run is executed; nothing here changes what it learns.
struct TrainOptions {
  std::int64_t checkpoint_every = 1;  ///< write a checkpoint beside the record every n epochs; 0 = never

  template <class V>
  void visit(V& v) {
    v("checkpoint_every", checkpoint_every, kExecution);
  }
};

/// A whole experiment. `origins` maps each key ("method.momentum") to where its value came from
/// ("experiments/x.toml:12" or "experiments/x.toml (--set method.momentum=0.9)"), for error messages.
struct Experiment {
  RunOptions run;
  DataOptions data;
  AugmentOptions augment;
  ModelOptions model;
  MethodOptions method;
  OptimOptions optim;
  EvalOptions eval;
  TrainOptions train;
  std::string source;                          ///< the experiment file the config was read from
  std::map<std::string, std::string> origins;  ///< key -> location of its value
  /// key -> the value it holds without the file and the overrides: its struct's, its recipe's or
  /// its component's default (filled by the reader; the run id reads it for kAddedLater keys).
  std::map<std::string, Value> defaults;

  /// Where `key` was set, or the experiment file when it kept its default.
  std::string where(const std::string& key) const;

  template <class V>
  void visit(V& v) {
    v.section("run", run);
    v.section("data", data);
    v.section("augment", augment);
    v.section("model", model);
    v.section("method", method);
    v.section("optim", optim);
    v.section("eval", eval);
    v.section("train", train);
  }
};

/// Names accepted by the keys that are neither an enumeration nor a registered component.
namespace names {
inline const std::vector<std::string> kBackbones = {"small_cnn", "resnet18", "resnet50", "resnet18_imagenet",
                                                    "resnet50_imagenet"};
}  // namespace names

}  // namespace contra::config
