// Test helpers: one training run in-process, quiet, on one thread, into a test's folder.
#pragma once

#include <filesystem>
#include <string>

#include "contra/config/experiment.h"
#include "contra/config/load.h"
#include "contra/data/registry.h"
#include "contra/train/trainer.h"
#include "errors.h"

namespace contra::testing {

/// run_experiment(exp) writing under `out`, without progress output, with one thread.
inline train::RunResult train_quietly(const config::Experiment& exp, const std::filesystem::path& out) {
  train::RunContext ctx;
  ctx.out_dir = out;
  ctx.quiet = true;
  ctx.threads = 1;
  return train::run_experiment(exp, ctx);
}

/// The one-line message with which data::load_dataset refuses `options` (the config location `where`).
inline std::string dataset_error(const config::DataOptions& options, const std::string& where = "e.toml:4") {
  return message_of([&] { (void)data::load_dataset(options, where); });
}

}  // namespace contra::testing
