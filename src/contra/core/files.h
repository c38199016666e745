// Folders the results go to: created on demand, with one clear line when that is impossible
// (a file in the way, no permission, a full or read-only disk).
#pragma once

#include <filesystem>
#include <string>

namespace contra::core {

/// Creates `dir` and its parents when missing. Throws ContraError "<dir>: cannot create the <what>
/// folder: <reason>" when it cannot, or when `dir` exists and is not a folder.
void ensure_directory(const std::filesystem::path& dir, const std::string& what);

}  // namespace contra::core
