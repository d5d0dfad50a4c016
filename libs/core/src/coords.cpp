#include "tengen/core/coords.h"

#include <cctype>
#include <charconv>
#include <string>

#include "tengen/core/text.h"

namespace tengen {

namespace {

constexpr std::string_view kGtpLetters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

std::string quoted(std::string_view s) {
  constexpr std::size_t kShown = 40;
  std::string out = "'";
  for (char ch : s.substr(0, kShown)) out += std::isprint(static_cast<unsigned char>(ch)) ? ch : '?';
  return out + (s.size() > kShown ? "...'" : "'");
}

std::string boardName(int size) { return std::to_string(size) + "x" + std::to_string(size) + " board"; }

// A non-negative decimal number of at most 9 digits, or nothing.
std::optional<int> parseSmallNumber(std::string_view digits) {
  if (digits.empty() || digits.size() > 9) return std::nullopt;
  // from_chars would read a minus sign into an int.
  for (char ch : digits) {
    if (ch < '0' || ch > '9') return std::nullopt;
  }
  int value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  return value;
}

int sgfLetterValue(char ch) {
  if (ch >= 'a' && ch <= 'z') return ch - 'a';
  if (ch >= 'A' && ch <= 'Z') return ch - 'A' + 26;
  return -1;
}

}  // namespace

char gtpColumnLetter(int col) { return kGtpLetters[static_cast<std::size_t>(col)]; }

std::optional<int> gtpColumnOf(char letter) {
  const std::size_t col = kGtpLetters.find(static_cast<char>(std::toupper(static_cast<unsigned char>(letter))));
  if (col == std::string_view::npos) return std::nullopt;
  return static_cast<int>(col);
}

std::string gtpColumnLetters(int size) { return std::string(kGtpLetters.substr(0, static_cast<std::size_t>(size))); }

std::optional<ParsedVertex> readGtpVertex(std::string_view text, int size) {
  const std::string_view t = trim(text);
  if (t.empty()) return std::nullopt;
  // Compared in place: the model-answer reader calls this for every short word of an answer.
  if (equalsIgnoringCase(t, "pass")) return ParsedVertex{MoveKind::Pass, {}};
  if (equalsIgnoringCase(t, "resign")) return ParsedVertex{MoveKind::Resign, {}};
  const std::optional<int> col = gtpColumnOf(t.front());
  const std::optional<int> number = parseSmallNumber(t.substr(1));
  if (!col || !number) return std::nullopt;
  return ParsedVertex{MoveKind::Play, {size - *number, *col}};
}

std::string gtpVertex(Point p, int size) {
  std::string out(1, gtpColumnLetter(p.col));  // appended to: GCC 12 warns falsely on char + std::string
  out += std::to_string(size - p.row);
  return out;
}

std::string gtpMove(const Move& m, int size) {
  switch (m.kind) {
    case MoveKind::Pass:
      return "pass";
    case MoveKind::Resign:
      return "resign";
    case MoveKind::Play:
      break;
  }
  return gtpVertex(m.point, size);
}

Result<ParsedVertex> parseGtpVertex(std::string_view text, int size) {
  const std::string_view t = trim(text);
  if (t.empty()) return Result<ParsedVertex>::failure("empty vertex");
  const std::optional<ParsedVertex> read = readGtpVertex(t, size);
  if (!read) {
    // Why it is not a vertex, as precisely as the text allows.
    const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(t.front())));
    if (letter == 'I')
      return Result<ParsedVertex>::failure("column letter I is not used in GTP vertices: " + quoted(t));
    if (!gtpColumnOf(letter)) {
      return Result<ParsedVertex>::failure("not a vertex (expected a column letter then a row number, like D4): " +
                                           quoted(t));
    }
    return Result<ParsedVertex>::failure("not a vertex (expected a row number after the column letter): " + quoted(t));
  }
  if (read->kind != MoveKind::Play) return *read;
  const int number = size - read->point.row;
  if (read->point.col >= size) {
    return Result<ParsedVertex>::failure("column " + std::string(1, gtpColumnLetter(read->point.col)) +
                                         " is outside the " + boardName(size));
  }
  if (number < 1 || number > size) {
    return Result<ParsedVertex>::failure("row " + std::to_string(number) + " is outside the " + boardName(size));
  }
  return *read;
}

std::string sgfPoint(Point p) {
  auto letter = [](int x) { return static_cast<char>(x < 26 ? 'a' + x : 'A' + (x - 26)); };
  return {letter(p.col), letter(p.row)};
}

Result<ParsedVertex> parseSgfPoint(std::string_view text, int size) {
  if (text.empty()) return ParsedVertex{MoveKind::Pass, {}};
  if (text.size() != 2) {
    return Result<ParsedVertex>::failure("an SGF point is two letters (column, row): " + quoted(text));
  }
  if (text == "tt" && size <= 19) return ParsedVertex{MoveKind::Pass, {}};
  const int col = sgfLetterValue(text[0]);
  const int row = sgfLetterValue(text[1]);
  if (col < 0 || row < 0) return Result<ParsedVertex>::failure("an SGF point uses letters a-z, A-Z: " + quoted(text));
  if (col >= size || row >= size) {
    return Result<ParsedVertex>::failure("SGF point " + quoted(text) + " is outside the " + boardName(size));
  }
  return ParsedVertex{MoveKind::Play, {row, col}};
}

std::string rowColText(Point p) {
  std::string out(1, '(');  // built by appending: GCC 12 warns falsely on "(" + std::string
  out += std::to_string(p.row);
  out += ", ";
  out += std::to_string(p.col);
  out += ')';
  return out;
}

Result<Point> parseRowCol(std::string_view text, int size) {
  std::string_view t = trim(text);
  const std::string_view original = t;
  if (!t.empty() && (t.front() == '(' || t.front() == '[')) {
    const char close = t.front() == '(' ? ')' : ']';
    if (t.back() != close) return Result<Point>::failure("unbalanced brackets in " + quoted(original));
    t = trim(t.substr(1, t.size() - 2));
  }
  std::size_t split = t.find_first_of(", \t");
  if (split == std::string_view::npos) {
    return Result<Point>::failure("expected a row and a column like (3, 15): " + quoted(original));
  }
  const std::string_view rowText = trim(t.substr(0, split));
  std::string_view rest = trim(t.substr(split));
  if (!rest.empty() && rest.front() == ',') rest = trim(rest.substr(1));
  const std::optional<int> row = parseSmallNumber(rowText);
  const std::optional<int> col = parseSmallNumber(rest);
  if (!row || !col) {
    return Result<Point>::failure("row and column must be non-negative whole numbers: " + quoted(original));
  }
  if (*row >= size || *col >= size) {
    return Result<Point>::failure(rowColText({*row, *col}) + " is outside the " + boardName(size) + " (0.." +
                                  std::to_string(size - 1) + ")");
  }
  return Point{*row, *col};
}

}  // namespace tengen
