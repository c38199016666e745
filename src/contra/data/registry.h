// One registry from dataset name to what the layers after data need of it (DESIGN.md, example 5):
// its [data] options with their checks (the schema the config reader takes), the check that its
// files are there, and its loader. A new dataset is its own files plus one entry in registry.cpp;
// nothing in config/, sweep/ or report/ names a dataset.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "contra/config/schema.h"
#include "contra/data/dataset.h"

namespace contra::data {

/// Every registered dataset's name, options, default folder and checks, for the config reader;
/// the first is the default dataset.
const std::vector<config::DatasetSpec>& dataset_specs();

/// Checks, without reading them, that `options.root` holds the files of `options.dataset`. Throws
/// ContraError (prefixed with `where`, the config location of data.root) saying where it looked and
/// how to get the dataset; naming the valid datasets when the name is unknown. load_dataset calls
/// it first; a sweep calls it before launching.
void check_dataset(const config::DataOptions& options, const std::string& where = "data.root");

/// Loads `options.dataset` from `options.root`, keeping the first train_subset / test_subset
/// images when those are > 0. With data.validation > 0 it first holds out that many training
/// images as `validation` (data/validation.h), and train_subset applies to the rest. `where` names the config location of data.root for messages.
/// Throws ContraError when the folder or a file is missing (saying where it looked and how to
/// install the default), when a file is corrupt or truncated, or when images and labels disagree.
/// `validation_where` names data.validation's location for the hold-out's messages ("" = `where`).
Dataset load_dataset(const config::DataOptions& options, const std::string& where = "data.root",
                     const std::string& validation_where = "");

/// [data] for dataset `name` as the reader resolves it without a file: its options at their
/// defaults with `options` set over them, its default folder unless `root` is given. For code
/// that builds a dataset's options directly (tests, benchmarks). Aborts on an unknown name or key.
config::DataOptions dataset_options(const std::string& name, const std::string& root = {},
                                    const std::map<std::string, config::Value>& options = {});

}  // namespace contra::data
