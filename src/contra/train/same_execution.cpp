#include "contra/train/same_execution.h"

#include <optional>

#include "contra/core/error.h"
#include "contra/store/attributes.h"

namespace contra::train {

void check_same_execution(const std::filesystem::path& checkpoint, const Execution& now,
                          const store::RunRecord& started) {
  const auto& attrs = started.attributes;
  const auto text = [&](const char* key) -> std::optional<std::string> {
    const auto it = attrs.find(key);
    if (it == attrs.end()) return std::nullopt;
    return store::to_text(it->second);
  };
  const std::string where = checkpoint.string();
  const std::string start_over = "start over with `contra train --fresh` (a sweep: `contra sweep --rerun`)";
  const auto differs = [&](const std::string& what, const std::string& then, const std::string& current) {
    core::fail(
        "{}: this run was started with {} {} and this attempt has {}: resuming would not continue it as it "
        "ran; resume it with {} {}, or {}",
        where, what, then, current, what, then, start_over);
  };
  if (const auto v = text("git_sha"); v && *v != now.git_sha)
    core::fail(
        "{}: this run was started by contra {} and this is contra {}: one record would hold steps of two "
        "builds; finish it with the contra that started it, or {}",
        where, *v, now.git_sha, start_over);
  if (const auto v = text("torch_version"); v && *v != now.torch_version) differs("LibTorch", *v, now.torch_version);
  if (const auto v = text("device"); v && torch::Device(*v).type() != now.device.type())
    differs("device", *v, now.device.str());
  if (const auto v = text("world_size"); v && *v != std::to_string(now.world_size))
    differs("world size", *v, std::to_string(now.world_size));
  // The precision as chosen: `auto` on another CPU would change the arithmetic mid-run (the run id
  // hashes "auto", not what it chose). Setting run.precision to what it chose would be another run
  // id, so the advice is the machine (or CONTRA_CPU_FEATURES), not the key.
  const std::string precision = core::precision_name(now.precision);
  if (const auto v = text("precision"); v && *v != precision) {
    if (!now.precision_auto) differs("run.precision =", *v, precision);
    core::fail(
        "{}: this run was started with run.precision = 'auto', which chose {} there ({}), and chooses {} here "
        "({}): resuming would not continue it as it ran; resume it where auto chooses {} (CONTRA_CPU_FEATURES "
        "simulates that CPU), or {}",
        where, *v, text("precision_rule").value_or("not recorded"), precision, now.precision_rule, *v, start_over);
  }
  const auto order = [](bool nhwc) { return nhwc ? "NHWC" : "NCHW"; };
  if (const auto v = text("channels_last"); v && *v != (now.channels_last ? "1" : "0"))
    core::fail(
        "{}: this run was started with its convolutions in {} memory order and this contra runs them in {}: "
        "resuming would not continue it as it ran; finish it with the contra that started it, or {}",
        where, order(*v == "1"), order(now.channels_last), start_over);
  const auto flag = [](bool on) { return on ? "true" : "false"; };
  if (const auto v = text("deterministic"); v && *v != (now.deterministic ? "1" : "0"))
    differs("run.deterministic =", flag(*v == "1"), flag(now.deterministic));
}

}  // namespace contra::train
