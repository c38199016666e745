// Table rendering: Markdown with '|' escaped, RFC 4180 CSV, deterministic bytes.
#include <catch2/catch.hpp>

#include <string>

#include "contra/report/tables/table.h"

using contra::report::Table;

namespace {

Table sample() {
  Table t;
  t.title = "Momentum ablation";
  t.notes = {"Data: fashion-mnist"};
  t.columns = {"m", "top-1 | kNN", "status"};
  t.csv_columns = {"method.momentum", "measured_mean", "reasons"};
  t.rows = {{"0.9", "55.20", "ok"}, {"0.99", "57.80", "fail: a|b"}};
  t.csv_rows = {{"0.9", "55.2", "plain"}, {"0.99", "57.8", "loss 1,2 said \"chance\""}};
  t.footnotes = {"[1] He et al."};
  return t;
}

}  // namespace

TEST_CASE("to_markdown: title, notes, header rule (numbers right, text left), rows, footnotes, '|' escaped",
          "[report]") {
  const std::string md = contra::report::to_markdown(sample());
  CHECK(md ==
        "# Momentum ablation\n"
        "\n"
        "- Data: fashion-mnist\n"
        "\n"
        "| m | top-1 \\| kNN | status |\n"
        "| --- | ---: | --- |\n"
        "| 0.9 | 55.20 | ok |\n"
        "| 0.99 | 57.80 | fail: a\\|b |\n"
        "\n"
        "[1] He et al.\n");
}

TEST_CASE("to_markdown: a newline in a cell does not break the row", "[report]") {
  Table t = sample();
  t.rows = {{"0.9", "line1\nline2", "ok"}};
  const std::string md = contra::report::to_markdown(t);
  CHECK_THAT(md, Catch::Contains("| 0.9 | line1 line2 | ok |\n"));
}

TEST_CASE("to_csv: header and rows, quoting commas and quotes", "[report]") {
  const std::string csv = contra::report::to_csv(sample());
  CHECK(csv ==
        "method.momentum,measured_mean,reasons\n"
        "0.9,55.2,plain\n"
        "0.99,57.8,\"loss 1,2 said \"\"chance\"\"\"\n");
  Table t;
  t.csv_columns = {"a"};
  t.csv_rows = {{"x\ny"}, {"\"q\""}, {""}};
  CHECK(contra::report::to_csv(t) == "a\n\"x\ny\"\n\"\"\"q\"\"\"\n\n");
}

TEST_CASE("rendering is deterministic: same table, same bytes", "[report]") {
  CHECK(contra::report::to_markdown(sample()) == contra::report::to_markdown(sample()));
  CHECK(contra::report::to_csv(sample()) == contra::report::to_csv(sample()));
  Table other = sample();
  other.rows[0][1] = "55.21";
  CHECK(contra::report::to_markdown(other) != contra::report::to_markdown(sample()));
}

TEST_CASE("to_markdown: a column of signed numbers and dashes aligns right, a column of words left", "[report]") {
  Table t = sample();
  t.columns = {"row", "gain", "ours", "verdict"};
  t.rows = {{"a", "—", "−2.28", "reproduced"}, {"b", "+1.01", "—", "inconclusive (n < 3)"}, {"c", "-0.5", "fail", "—"}};
  const std::string md = contra::report::to_markdown(t);
  CHECK_THAT(md, Catch::Contains("| --- | ---: | --- | --- |\n"));  // "ours": one number, one word
}
