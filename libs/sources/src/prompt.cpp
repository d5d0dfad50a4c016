#include "tengen/sources/prompt.h"

#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <string_view>

#include "tengen/core/board.h"
#include "tengen/core/coords.h"
#include "tengen/core/text.h"

namespace tengen::sources {

namespace {

using ai::ReadMove;
using ai::Rejection;

constexpr std::array<std::string_view, 15> kPlaceholders = {
    "size",      "rules", "komi",  "color",  "opponent", "move_number", "captures_black", "captures_white",
    "last_move", "board", "moves", "format", "example",  "rejected",    "legal_count",
};

constexpr std::string_view kDefaultSystem =
    "You are a strong Go (baduk) player. You are shown a position and choose the next move for the side to move. "
    "Answer with one coordinate only, with no other words: a point on the board, or pass.";

// Placeholders that come out empty leave no blank line behind (see buildPrompt), so {{rejected}} may sit on a line
// of its own.
constexpr std::string_view kDefaultUser =
    "We are playing Go on a {{size}}x{{size}} board under {{rules}} rules with komi {{komi}}.\n"
    "You play {{color}} and it is your move (move {{move_number}}). Your opponent plays {{opponent}}.\n"
    "Stones captured so far: black has captured {{captures_black}}, white has captured {{captures_white}}.\n"
    "The last move was {{last_move}}.\n"
    "\n"
    "The board, with X for black stones, O for white stones, . for empty points and + for empty star points. "
    "Columns are lettered from the left (the letter I is skipped) and rows are numbered from the bottom:\n"
    "{{board}}\n"
    "\n"
    "Moves so far: {{moves}}\n"
    "\n"
    "{{format}}\n"
    "{{rejected}}\n";

bool knownPlaceholder(std::string_view name) {
  for (std::string_view p : kPlaceholders) {
    if (p == name) return true;
  }
  return false;
}

// Checks one section's placeholders; `firstLine` is the file line the section starts on.
std::optional<std::string> checkSection(std::string_view text, int firstLine) {
  int line = firstLine;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '\n') {
      ++line;
      ++i;
      continue;
    }
    if (text.compare(i, 2, "}}") == 0) {
      return "line " + std::to_string(line) + ": '}}' without an opening '{{'";
    }
    if (text.compare(i, 2, "{{") != 0) {
      ++i;
      continue;
    }
    const std::size_t close = text.find("}}", i + 2);
    const std::size_t newline = text.find('\n', i + 2);
    if (close == std::string_view::npos || (newline != std::string_view::npos && newline < close)) {
      return "line " + std::to_string(line) + ": '{{' without a closing '}}' on the same line";
    }
    const std::string_view name = text.substr(i + 2, close - i - 2);
    if (name.find('{') != std::string_view::npos) {
      return "line " + std::to_string(line) + ": unbalanced braces in '{{" + std::string(name) + "}}'";
    }
    if (!knownPlaceholder(name)) {
      return "line " + std::to_string(line) + ": unknown placeholder {{" + std::string(name) +
             "}} (known: size rules komi color opponent move_number captures_black captures_white last_move board "
             "moves format example rejected legal_count)";
    }
    i = close + 2;
  }
  return std::nullopt;
}

// The values of one prompt; the costly legal count is computed only when a template asks for it.
class Values {
 public:
  Values(const Game& game, Color color, const std::vector<Rejection>& rejected, CoordFormat format)
      : m_game(game), m_color(color), m_rejected(rejected), m_format(format) {}

  std::optional<std::string> get(std::string_view name) const {
    const int size = m_game.size();
    if (name == "size") return std::to_string(size);
    if (name == "rules") return std::string(m_game.ruleSet().name);
    if (name == "komi") return shortestText(m_game.komi());
    if (name == "color") return std::string(colorName(m_color));
    if (name == "opponent") return std::string(colorName(opponent(m_color)));
    if (name == "move_number") return std::to_string(m_game.moveCount() + 1);
    if (name == "captures_black") return std::to_string(m_game.board().captures(Color::Black));
    if (name == "captures_white") return std::to_string(m_game.board().captures(Color::White));
    if (name == "last_move") return lastMove();
    if (name == "board") return board();
    if (name == "moves") return moves();
    if (name == "format") return formatText();
    if (name == "example") return m_format == CoordFormat::Gtp ? std::string("D4") : std::string("(3, 15)");
    if (name == "rejected") return rejectedText();
    if (name == "legal_count") return std::to_string(legalCount());
    return std::nullopt;
  }

 private:
  std::string board() const {
    std::string ascii = m_game.board().toAscii();
    while (!ascii.empty() && ascii.back() == '\n') ascii.pop_back();
    return ascii;
  }

  std::string lastMove() const {
    if (m_game.moves().empty()) return "none (no move has been played yet)";
    const Move& m = m_game.moves().back();
    return std::string(colorName(m.color)) + " " + gtpMove(m, m_game.size());
  }

  std::string moves() const {
    if (m_game.moves().empty()) return "none";
    std::string out;
    int n = 1;
    for (const Move& m : m_game.moves()) {
      if (n > 1) out += ' ';
      out += std::to_string(n++) + ". " + std::string(colorLetter(m.color)) + " " + gtpMove(m, m_game.size());
    }
    return out;
  }

  std::string formatText() const {
    const int size = m_game.size();
    const std::string letters = gtpColumnLetters(size);
    if (m_format == CoordFormat::Gtp) {
      return "Answer in GTP form: the column letter (" + letters.substr(0, 1) + " to " +
             letters.substr(letters.size() - 1) + ", no I) followed by the row number counted from the bottom (1 to " +
             std::to_string(size) + "), like D4. Answer pass to pass.";
    }
    return "Answer as (row, col), both counted from 0, row 0 at the top and col 0 at the left (0 to " +
           std::to_string(size - 1) + "), like (3, 15). Answer pass to pass.";
  }

  // The retry line of `{{rejected}}` (docs/serving-models.md); an answer nothing could be read from has no point to
  // name.
  std::string rejectedText() const {
    if (m_rejected.empty()) return "";
    std::string out = "Your earlier answers were rejected: ";
    for (std::size_t i = 0; i < m_rejected.size(); ++i) {
      const Rejection& r = m_rejected[i];
      if (i > 0) out += ", ";
      out += r.read ? shown(*r.read) + " (" + std::string(reasonWords(r.reason)) + ")"
                    : std::string("(unreadable answer)");
    }
    return out + ". Answer with a different point.";
  }

  // A rejected move as the model is asked to write it. A point beyond the board has no name in either format, so
  // it is named as the answer wrote it: the retry never invents a point the model did not write.
  std::string shown(const ReadMove& read) const {
    if (read.kind == MoveKind::Pass) return "pass";
    if (read.kind == MoveKind::Resign) return "resign";
    if (!m_game.board().contains(read.point)) return read.text;
    return pointText(read.point, m_game.size(), m_format);
  }

  int legalCount() const { return static_cast<int>(m_game.legalPoints(m_color).size()); }

  const Game& m_game;
  Color m_color;
  const std::vector<Rejection>& m_rejected;
  CoordFormat m_format;
};

// Replaces every {{name}}; a line holding only placeholders that all came out empty is left out entirely, and
// trailing blank lines are dropped, so optional parts leave no gaps.
std::string fill(std::string_view text, const Values& values) {
  std::string out;
  std::size_t lineStart = 0;
  while (lineStart < text.size()) {
    std::size_t lineEnd = text.find('\n', lineStart);
    const bool hasNewline = lineEnd != std::string_view::npos;
    if (!hasNewline) lineEnd = text.size();
    const std::string_view line = text.substr(lineStart, lineEnd - lineStart);
    std::string filled;
    bool onlyPlaceholders = true;
    bool anyPlaceholder = false;
    std::size_t i = 0;
    while (i < line.size()) {
      const std::size_t open = line.find("{{", i);
      const std::size_t close = open == std::string_view::npos ? open : line.find("}}", open + 2);
      if (open == std::string_view::npos || close == std::string_view::npos) {
        if (line.find_first_not_of(" \t\r", i) != std::string_view::npos) onlyPlaceholders = false;
        filled += line.substr(i);
        break;
      }
      if (line.substr(i, open - i).find_first_not_of(" \t\r") != std::string_view::npos) onlyPlaceholders = false;
      filled += line.substr(i, open - i);
      const std::string_view name = line.substr(open + 2, close - open - 2);
      const std::optional<std::string> value = values.get(name);
      if (value) {
        anyPlaceholder = true;
        filled += *value;
      } else {
        onlyPlaceholders = false;  // left as written
        filled += line.substr(open, close + 2 - open);
      }
      i = close + 2;
    }
    const bool drop = anyPlaceholder && onlyPlaceholders && filled.find_first_not_of(" \t\r") == std::string::npos;
    if (!drop) {
      out += filled;
      if (hasNewline) out += '\n';
    }
    lineStart = lineEnd + 1;
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  return out;
}

}  // namespace

const PromptTemplate& defaultPromptTemplate() {
  static const PromptTemplate kDefault{std::string(kDefaultSystem), std::string(kDefaultUser)};
  return kDefault;
}

Result<PromptTemplate> parsePromptTemplate(const std::string& raw) {
  // Files written on Windows must give the same prompt, without stray '\r' sent to the model.
  std::string text;
  text.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] != '\r' || i + 1 >= raw.size() || raw[i + 1] != '\n') text += raw[i];
  }
  PromptTemplate tmpl;
  // The system part ends at the first line that is exactly "---".
  std::size_t lineStart = 0;
  int line = 1;
  std::optional<std::size_t> separator;
  std::size_t userStart = 0;
  while (lineStart <= text.size()) {
    std::size_t lineEnd = text.find('\n', lineStart);
    if (lineEnd == std::string::npos) lineEnd = text.size();
    std::string_view l(text.data() + lineStart, lineEnd - lineStart);
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    if (l == "---") {
      separator = lineStart;
      userStart = lineEnd < text.size() ? lineEnd + 1 : lineEnd;
      break;
    }
    if (lineEnd == text.size()) break;
    lineStart = lineEnd + 1;
    ++line;
  }
  int userFirstLine = 1;
  if (separator) {
    tmpl.system = text.substr(0, *separator);
    while (!tmpl.system.empty() && (tmpl.system.back() == '\n' || tmpl.system.back() == '\r')) tmpl.system.pop_back();
    tmpl.user = text.substr(userStart);
    userFirstLine = line + 1;
    if (std::optional<std::string> why = checkSection(tmpl.system, 1)) return Result<PromptTemplate>::failure(*why);
  } else {
    tmpl.user = text;
  }
  if (std::optional<std::string> why = checkSection(tmpl.user, userFirstLine)) {
    return Result<PromptTemplate>::failure(*why);
  }
  return tmpl;
}

std::string formatPromptTemplate(const PromptTemplate& tmpl) {
  // With no system part the file still starts with the separator, so that a "---" line of the user part stays in it.
  return tmpl.system.empty() ? "---\n" + tmpl.user : tmpl.system + "\n---\n" + tmpl.user;
}

Result<PromptTemplate> loadPromptTemplate(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Result<PromptTemplate>::failure("cannot read prompt template " + path + ": " + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return Result<PromptTemplate>::failure("cannot read prompt template " + path);
  Result<PromptTemplate> parsed = parsePromptTemplate(text.str());
  if (!parsed) return Result<PromptTemplate>::failure(path + ": " + parsed.error());
  return parsed;
}

std::string pointText(Point p, int size, CoordFormat format) {
  return format == CoordFormat::RowCol ? rowColText(p) : gtpVertex(p, size);
}

Prompt buildPrompt(const PromptTemplate& tmpl, const Game& game, Color color, const std::vector<Rejection>& rejected,
                   CoordFormat format) {
  const Values values(game, color, rejected, format);
  return {fill(tmpl.system, values), fill(tmpl.user, values)};
}

}  // namespace tengen::sources
