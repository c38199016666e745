#include "contra/train/recorder.h"

#include "contra/core/provenance.h"

namespace contra::train {

namespace {

template <class T>
void append(store::Columns& cols, const std::string& key, T value) {
  auto [it, inserted] = cols.try_emplace(key, std::vector<T>{});
  std::get<std::vector<T>>(it->second).push_back(value);
}

}  // namespace

Recorder::Recorder(std::filesystem::path dir, std::string run_id, bool writes)
    : dir_(std::move(dir)), run_id_(std::move(run_id)), writes_(writes) {
  record_.attributes["run_id"] = run_id_;
  record_.attributes["status"] = std::string("running");
  record_.attributes["reason"] = std::string();
}

void Recorder::step(const std::string& column, double value) { append(record_.steps, column, value); }
void Recorder::step(const std::string& column, std::int64_t value) { append(record_.steps, column, value); }
void Recorder::epoch(const std::string& column, double value) { append(record_.epochs, column, value); }
void Recorder::epoch(const std::string& column, std::int64_t value) { append(record_.epochs, column, value); }

void Recorder::save_partial() {
  if (writes_) store::save_partial(dir_, run_id_, record_);
}

std::filesystem::path Recorder::finish(const std::string& status, const std::string& reason) {
  record_.attributes["status"] = status;
  record_.attributes["reason"] = reason;
  record_.attributes["ended_at"] = core::utc_now_iso8601();
  if (writes_) store::commit(dir_, run_id_, record_);
  return store::final_path(dir_, run_id_);
}

}  // namespace contra::train
