// The command lines of `contra train`, `sweep`, `report` and `status` (CLI11): what each option
// sets, and its help line. main.cpp reads them and calls the library.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include "contra/config/sweep.h"
#include "contra/sweep/local_launcher.h"
#include "contra/sweep/plan.h"
#include "contra/sweep/slurm_launcher.h"
#include "contra/train/trainer.h"

namespace contra::cli {

struct TrainArgs {
  std::string experiment;
  std::vector<std::string> sets, axes;
  bool dump = false, quiet = false;
  int nproc = 1;                  ///< --nproc: ranks of this run to start on this machine
  std::vector<std::string> argv;  ///< the command line after `contra`, for the ranks --nproc starts
  train::RunContext ctx;
};

struct SweepArgs {
  std::string file, preset, launcher = "local", results, references;  // empty: the sweep's own
  std::vector<std::string> sets;
  bool dry_run = false, no_report = false, no_submit = false;
  sweep::LocalOptions local;
  sweep::SlurmOptions slurm;
  config::SlurmSpec slurm_cli;           ///< the values given on the command line
  std::vector<std::string> slurm_set;    ///< which [slurm] keys the command line set
  std::vector<std::string> slurm_flags;  ///< the flags that set them
  std::string references_dir(const sweep::SweepPlan& plan) const {
    return references.empty() ? plan.sweep.references : references;
  }
};

/// The sweep file and the options `contra report` and `contra status` share with `contra sweep`.
void add_plan_options(CLI::App* cmd, SweepArgs& a);
/// `contra train`'s options into `t`.
void add_train_options(CLI::App* train, TrainArgs& t);
/// `contra sweep`'s options into `s`, the SLURM ones recording which [slurm] keys they set.
void add_sweep_options(CLI::App* sweep, SweepArgs& s);

}  // namespace contra::cli
