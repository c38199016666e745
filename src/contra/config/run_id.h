// A run's identity (DESIGN.md, "Run identity"): the hash of the typed values the run reads, its
// own method's and dataset's options only, plus a version of this scheme. A key declared
// kExecution (config/options.h) is never part of it; one declared kAddedLater only when it holds
// something other than its default, so adding such a key leaves every earlier id as it was.
#pragma once

#include <string>

#include "contra/config/experiment.h"
#include "contra/config/schema.h"

#include <string_view>

namespace contra::config {

/// The version of the run-id scheme. Version 1 hashed the resolved config's TOML text, with every
/// method's keys; version 2 hashes typed values, the named method's and dataset's keys only.
/// Records of another version are re-indexed (`contra reindex`), never trained again.
inline constexpr int kRunIdVersion = 2;

/// What the id hashes: "contra run id v2" and one line "section.key=<typed value>" per key it
/// reads, sorted by key; typed values are tagged by type (i:64, f:0.99, b:true, s3:mlp, [i:120,
/// i:160]), so 1 and 1.0 and "1" differ where the fields do.
std::string run_id_text(const Experiment& exp);

/// The run id: 12 hex digits of the hash of run_id_text(exp).
std::string run_id(const Experiment& exp);

/// The id run ids version 1 gave the flat config `text` a record of that scheme stores (frozen: it
/// checks such a record before `contra reindex` renames it): the hash of the config's canonical
/// TOML without the keys that scheme left out (the execution keys; run.precision, data.label_kind,
/// data.train_split and data.image_size at their defaults; augment.saturation, hue and
/// grayscale_prob at their recipe's values, from `schema`). Throws ContraError when the text is
/// not TOML.
std::string run_id_v1(std::string_view text, const Schema& schema);

}  // namespace contra::config
