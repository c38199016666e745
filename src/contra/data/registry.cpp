#include "contra/data/registry.h"

#include <fmt/format.h>

#include <filesystem>
#include <functional>

#include "contra/config/checks.h"
#include "contra/core/error.h"
#include "contra/data/cifar.h"
#include "contra/data/image_folder.h"
#include "contra/data/stl10.h"
#include "contra/data/validation.h"

namespace contra::data {

namespace {

/// A dataset that reads no [data] key of its own.
struct NoOptions {
  template <class V>
  void visit(V&) {}
};

/// A registered dataset: its schema entry, and how its files are checked and loaded.
struct Entry {
  config::DatasetSpec spec;
  std::function<void(const config::DataOptions&, const std::string& where)> check;
  std::function<Dataset(const config::DataOptions&, const std::string& where)> load;
};

template <class Options>
config::DatasetSpec spec(const char* name, std::string default_root = {}) {
  config::DatasetSpec s;
  s.name = name;
  s.options = config::option_specs<Options>();
  s.default_root = std::move(default_root);
  return s;
}

config::Checks checks_of(const config::Experiment& e) {
  return config::Checks([&e](const std::string& key) { return e.where(key); });
}

// Fashion-MNIST (Xiao, Rasul, Vollgraf 2017, arXiv:1708.07747): the embedded default, from
// Debian's dataset-fashion-mnist. Its constants are those of the whole training set.
constexpr const char* kFashionRoot = "/usr/share/datasets/fashion-mnist";
constexpr const char* kFashionAdvice =
    "install it with 'apt-get install dataset-fashion-mnist' (files under /usr/share/datasets/fashion-mnist)";

Entry fashion_mnist() {
  Entry e{spec<NoOptions>("fashion-mnist", kFashionRoot), {}, {}};
  e.check = [](const config::DataOptions& o, const std::string& w) { check_idx_dataset(o, w, kFashionAdvice); };
  e.load = [](const config::DataOptions& o, const std::string& w) {
    return load_idx_dataset(o, w, 0.2860, 0.3530, kFashionAdvice);
  };
  return e;
}

// MNIST (LeCun et al. 1998), the same IDX files; Debian packages none, so data.root must be set.
constexpr const char* kMnistAdvice = "set data.root to a folder with MNIST's four IDX files (.gz or not)";

Entry mnist() {
  Entry e{spec<NoOptions>("mnist"), {}, {}};
  e.spec.validate = [](const config::Experiment& x) {
    CONTRA_CHECK(x.data.root != kFashionRoot,
                 "{}: data.dataset = 'mnist' but data.root = '{}' is the Fashion-MNIST folder; {}",
                 x.where("data.root"), x.data.root, kMnistAdvice);
  };
  e.check = [](const config::DataOptions& o, const std::string& w) { check_idx_dataset(o, w, kMnistAdvice); };
  e.load = [](const config::DataOptions& o, const std::string& w) {
    return load_idx_dataset(o, w, 0.1307, 0.3081, kMnistAdvice);
  };
  return e;
}

template <class Options>
Entry cifar(const char* name, bool hundred) {
  Entry e{spec<Options>(name), {}, {}};
  e.check = [hundred](const config::DataOptions& o, const std::string& w) { (void)cifar_root(o, hundred, w); };
  e.load = [hundred](const config::DataOptions& o, const std::string& w) { return load_cifar(o, hundred, w); };
  return e;
}

Entry stl10() {
  Entry e{spec<Stl10Options>("stl10"), {}, {}};
  e.spec.unlabeled_images = [](const config::Experiment& x) {
    const auto split = config::read_options<Stl10Options>(x.data.options).train_split;
    return split == TrainSplit::train_and_unlabeled ? "data.train_split = '" + config::enum_name(split) + "'"
                                                     : std::string();
  };
  e.check = [](const config::DataOptions& o, const std::string& w) { (void)stl10_root(o, w); };
  e.load = load_stl10;
  return e;
}

Entry folder() {
  Entry e{spec<FolderOptions>("folder"), {}, {}};
  e.spec.validate = [](const config::Experiment& x) {
    const auto side = config::read_options<FolderOptions>(x.data.options).image_size;
    checks_of(x).require(side >= 8 && side <= 1024, "data.image_size", side,
                         "data.dataset = 'folder' resizes its images to data.image_size, in [8, 1024]");
  };
  e.check = [](const config::DataOptions& o, const std::string& w) {
    try {
      (void)image_classes((std::filesystem::path(o.root) / "train").string());
    } catch (const core::ContraError& err) {
      core::fail("{}: data.root = '{}': {}", w, o.root, err.what());
    }
    (void)image_test_dir(o, w);
  };
  e.load = load_image_folder;
  return e;
}

const std::vector<Entry>& registry() {
  static const std::vector<Entry> entries = {
      fashion_mnist(), mnist(), cifar<NoOptions>("cifar10", false), cifar<Cifar100Options>("cifar100", true),
      stl10(),         folder(),
  };
  return entries;
}

const Entry& find(const config::DataOptions& options, const std::string& where) {
  for (const auto& e : registry())
    if (e.spec.name == options.dataset) return e;
  core::fail("{}: data.dataset = '{}' is unknown; valid: {}", where, options.dataset,
             fmt::join(config::Schema::names(dataset_specs()), ", "));
}

}  // namespace

const std::vector<config::DatasetSpec>& dataset_specs() {
  static const auto specs = config::specs_of<config::DatasetSpec>(registry());
  return specs;
}

void check_dataset(const config::DataOptions& options, const std::string& where) { find(options, where).check(options, where); }

Dataset load_dataset(const config::DataOptions& options, const std::string& where, const std::string& validation_where) {
  const Entry& e = find(options, where);
  e.check(options, where);
  if (options.validation == 0) return e.load(options, where);
  // The validation draw is from the whole labelled training split; train_subset then keeps the
  // first n of the rest (and of the unlabeled images, which are read whole here).
  auto whole = options;
  whole.train_subset = 0;
  Dataset d = e.load(whole, where);
  const std::string& at = validation_where.empty() ? where : validation_where;
  hold_out_validation(d, options.validation, at);
  CONTRA_CHECK(options.train_subset <= d.train.size(),
               "{}: data.train_subset = {} is larger than the {} training images left after data.validation = {}",
               at, options.train_subset, d.train.size(), options.validation);
  keep_first(d.train, options.train_subset, "train_subset", where);
  if (d.unlabeled.defined() && options.train_subset > 0 && options.train_subset < d.unlabeled.size(0))
    d.unlabeled = d.unlabeled.slice(0, 0, options.train_subset).clone();
  return d;
}

config::DataOptions dataset_options(const std::string& name, const std::string& root,
                                    const std::map<std::string, config::Value>& options) {
  config::DataOptions o;
  o.dataset = name;
  const Entry& e = find(o, "dataset_options");
  o.root = root.empty() ? e.spec.default_root : root;
  o.options = config::ComponentOptions(e.spec.options);
  for (const auto& [key, value] : options) o.options.set(key, value);
  return o;
}

}  // namespace contra::data
