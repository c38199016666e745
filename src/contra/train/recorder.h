// Keeps a run's record up to date while it trains: the partial HDF5 file is rewritten at each
// epoch, and renamed into place only when the run has finished (complete, fail or error).
#pragma once

#include <filesystem>
#include <string>

#include "contra/store/run_record.h"

namespace contra::train {

class Recorder {
 public:
  /// Records into `<dir>/<run_id>.h5.partial`, then `<dir>/<run_id>.h5`; with writes = false
  /// (a rank other than 0 of a run on several processes) it keeps the record in memory only.
  Recorder(std::filesystem::path dir, std::string run_id, bool writes = true);

  store::RunRecord& record() { return record_; }

  /// Appends one value to a column of /steps or /epochs (creating it).
  void step(const std::string& column, double value);
  void step(const std::string& column, std::int64_t value);
  void epoch(const std::string& column, double value);
  void epoch(const std::string& column, std::int64_t value);
  void attribute(const std::string& key, store::AttrValue value) { record_.attributes[key] = std::move(value); }
  void summary(const std::string& key, store::AttrValue value) { record_.summary[key] = std::move(value); }

  /// Rewrites the partial file (status stays "running").
  void save_partial();
  /// Sets status and reason, writes the file and renames it into place. Returns the final path.
  std::filesystem::path finish(const std::string& status, const std::string& reason);

 private:
  std::filesystem::path dir_;
  std::string run_id_;
  store::RunRecord record_;
  bool writes_ = true;
};

}  // namespace contra::train
