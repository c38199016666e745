// A plain table and its Markdown, LaTeX and CSV renderings. Rendering is deterministic: the same table
// gives the same bytes.
#pragma once

#include <string>
#include <vector>

namespace contra::report {

/// A second table printed under the main one (e.g. the claims and their verdicts).
struct Section {
  std::string heading;                          ///< its Markdown heading (level 2)
  std::vector<std::string> notes;               ///< lines under the heading, before the table
  std::vector<std::string> columns;             ///< Markdown column headers
  std::vector<std::vector<std::string>> rows;   ///< Markdown cells
  std::vector<std::string> footnotes;           ///< lines under the table
};

struct Table {
  std::string title;                               ///< Markdown heading
  std::vector<std::string> notes;                  ///< bullet lines under the title (Markdown only)
  std::vector<std::string> columns;                ///< Markdown column headers
  std::vector<std::string> csv_columns;            ///< CSV header (machine names); same count as columns
  std::vector<std::vector<std::string>> rows;      ///< Markdown cells
  std::vector<std::vector<std::string>> csv_rows;  ///< CSV cells (plain numbers)
  std::vector<std::string> footnotes;              ///< citations, under the table (Markdown only)
  std::vector<Section> sections;                   ///< further tables under the footnotes (Markdown, LaTeX)
};

/// GitHub-flavoured Markdown: title, notes, the table, footnotes, then each section (heading, notes,
/// table, footnotes). '|' in cells is escaped.
std::string to_markdown(const Table& table);

/// A LaTeX `table` (booktabs: \toprule, \midrule, \bottomrule) with the title as its caption,
/// the Markdown cells, and the notes and footnotes in small type under the tabular. LaTeX's special
/// characters are escaped, Markdown bold is dropped, and the symbols the reports use (± τ ℓ × — ≥ ≤)
/// become their math-mode forms (with ← → · ≈ σ and a few more), so the file compiles with the
/// booktabs and graphicx packages; other non-ASCII characters are kept as UTF-8. Each section is a
/// further `table` with its heading as the caption.
std::string to_latex(const Table& table);

/// RFC 4180 CSV of csv_columns and csv_rows: cells with commas, quotes or newlines are quoted.
std::string to_csv(const Table& table);

}  // namespace contra::report
