#include "contra/report/tables/table.h"

#include <fmt/format.h>

#include <utility>
#include <vector>

namespace contra::report {

namespace {

std::string md_cell(const std::string& s) {
  std::string out;
  for (char c : s) out += c == '|' ? std::string("\\|") : std::string(1, c == '\n' ? ' ' : c);
  return out;
}

std::string csv_cell(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

/// Whether column i holds numbers: more than half of its cells with a value ("—" and "" hold none)
/// begin with a digit, a sign or a point ("77.17 ± 0.85", "+1.01", "−2.28"). Markdown aligns such a
/// column right and a text column (a status, a claim) left.
bool numeric_column(const std::vector<std::vector<std::string>>& rows, std::size_t i) {
  std::size_t values = 0, numbers = 0;
  for (const auto& r : rows) {
    if (i >= r.size() || r[i].empty() || r[i] == "—") continue;
    ++values;
    const auto& c = r[i];
    const bool sign = c[0] == '+' || c[0] == '-' || c[0] == '.' || c.rfind("−", 0) == 0;
    numbers += (c[0] >= '0' && c[0] <= '9') || sign ? 1 : 0;
  }
  return 2 * numbers > values;
}

std::string row_line(const std::vector<std::string>& cells) {
  std::string line = "|";
  for (const auto& c : cells) {  // appended piece by piece: GCC 12 warns (stringop-overflow) on " " + temporary
    line += ' ';
    line += md_cell(c);
    line += " |";
  }
  return line + "\n";
}

std::string tex_cell(const std::string& s) {
  static const std::vector<std::pair<std::string, std::string>> symbols = {{"±", "$\\pm$"},
                                                                           {"τ", "$\\tau$"},
                                                                           {"ℓ", "$\\ell$"},
                                                                           {"×", "$\\times$"},
                                                                           {"—", "---"},
                                                                           {"–", "--"},
                                                                           {"≥", "$\\geq$"},
                                                                           {"≤", "$\\leq$"},
                                                                           {"√", "$\\surd$"},
                                                                           {"λ", "$\\lambda$"},
                                                                           {"ρ", "$\\rho$"},
                                                                           {"α", "$\\alpha$"},
                                                                           {"θ", "$\\theta$"},
                                                                           {"⁻", "$^{-}$"},
                                                                           {"²", "$^{2}$"},
                                                                           {"←", "$\\leftarrow$"},
                                                                           {"→", "$\\rightarrow$"},
                                                                           {"·", "$\\cdot$"},
                                                                           {"≈", "$\\approx$"},
                                                                           {"∈", "$\\in$"},
                                                                           {"σ", "$\\sigma$"},
                                                                           {"Σ", "$\\Sigma$"},
                                                                           {"β", "$\\beta$"},
                                                                           {"μ", "$\\mu$"},
                                                                           {"∞", "$\\infty$"},
                                                                           {"₊", "$_{+}$"},
                                                                           {"⁺", "$^{+}$"},
                                                                           {"’", "'"},
                                                                           {"“", "``"},
                                                                           {"”", "''"},
                                                                           {"−", "$-$"}};
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    if (s.compare(i, 2, "**") == 0) {  // Markdown bold
      i += 2;
      continue;
    }
    bool replaced = false;
    for (const auto& [from, to] : symbols)
      if (s.compare(i, from.size(), from) == 0) {
        out += to;
        i += from.size();
        replaced = true;
        break;
      }
    if (replaced) continue;
    const char c = s[i++];
    switch (c) {
      case '\\':
        out += "\\textbackslash{}";
        break;
      case '&':
      case '%':
      case '$':
      case '#':
      case '_':
      case '{':
      case '}':
        out += '\\';
        out += c;
        break;
      case '~':
        out += "\\textasciitilde{}";
        break;
      case '^':
        out += "\\textasciicircum{}";
        break;
      case '\n':
        out += ' ';
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace

namespace {

/// One LaTeX `table` float: caption, tabular, then the notes in small type.
std::string latex_float(const std::string& caption, const std::vector<std::string>& columns,
                        const std::vector<std::vector<std::string>>& rows, const std::vector<std::string>& notes) {
  std::string out = "\\begin{table}[ht]\n\\centering\n";
  out += "\\caption{" + tex_cell(caption) + "}\n\\resizebox{\\textwidth}{!}{%\n\\begin{tabular}{l";
  for (std::size_t i = 1; i < columns.size(); ++i) out += numeric_column(rows, i) ? "r" : "l";
  out += "}\n\\toprule\n";
  const auto line = [&](const std::vector<std::string>& cells) {
    for (std::size_t i = 0; i < cells.size(); ++i) out += (i ? " & " : "") + tex_cell(cells[i]);
    out += " \\\\\n";
  };
  line(columns);
  out += "\\midrule\n";
  for (const auto& r : rows) line(r);
  out += "\\bottomrule\n\\end{tabular}}\n";
  if (!notes.empty()) {
    out += "\\par\\smallskip\\footnotesize\n";
    for (const auto& n : notes) out += tex_cell(n) + "\\par\n";
  }
  return out + "\\end{table}\n";
}

}  // namespace

std::string to_latex(const Table& t) {
  std::string out = "% Generated by contra report; needs \\usepackage{booktabs,graphicx}.\n";
  std::vector<std::string> notes = t.notes;
  notes.insert(notes.end(), t.footnotes.begin(), t.footnotes.end());
  out += latex_float(t.title, t.columns, t.rows, notes);
  for (const auto& sec : t.sections) {
    std::vector<std::string> sec_notes = sec.notes;
    sec_notes.insert(sec_notes.end(), sec.footnotes.begin(), sec.footnotes.end());
    out += latex_float(sec.heading, sec.columns, sec.rows, sec_notes);
  }
  return out;
}

std::string to_markdown(const Table& t) {
  const auto grid = [](const std::vector<std::string>& columns, const std::vector<std::vector<std::string>>& rows) {
    std::string out = row_line(columns);
    std::string rule = "|";
    for (std::size_t i = 0; i < columns.size(); ++i) rule += i > 0 && numeric_column(rows, i) ? " ---: |" : " --- |";
    out += rule + "\n";
    for (const auto& r : rows) out += row_line(r);
    return out;
  };
  std::string out = "# " + t.title + "\n\n";
  for (const auto& n : t.notes) out += "- " + n + "\n";
  if (!t.notes.empty()) out += "\n";
  out += grid(t.columns, t.rows);
  if (!t.footnotes.empty()) out += "\n";
  for (const auto& f : t.footnotes) out += f + "\n";
  for (const auto& sec : t.sections) {
    out += "\n## " + sec.heading + "\n\n";
    for (const auto& n : sec.notes) out += n + "\n";
    if (!sec.notes.empty()) out += "\n";
    out += grid(sec.columns, sec.rows);
    if (!sec.footnotes.empty()) out += "\n";
    for (const auto& f : sec.footnotes) out += f + "\n";
  }
  return out;
}

std::string to_csv(const Table& t) {
  std::string out;
  const auto line = [&](const std::vector<std::string>& cells) {
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (i > 0) out += ',';
      out += csv_cell(cells[i]);
    }
    out += "\n";
  };
  line(t.csv_columns);
  for (const auto& r : t.csv_rows) line(r);
  return out;
}

}  // namespace contra::report
