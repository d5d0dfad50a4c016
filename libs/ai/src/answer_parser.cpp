#include "tengen/ai/answer_parser.h"

#include <cstddef>
#include <string>
#include <vector>

#include "tengen/core/coords.h"

// A hand-written single pass over the answer (no std::regex): every lookahead is bounded by a small constant, so a
// 1 MB answer costs one linear scan whatever it holds. The rules are written out in docs/engines.md.

namespace tengen::ai {

namespace {

// Longest number read in a coordinate; "Z30" needs two digits, three leave room for any off-board answer.
constexpr std::size_t kMaxDigits = 3;
// How far a mark ("move:", "answer is") may stand before the move it marks.
constexpr std::size_t kMaxMarkGap = 24;
// How many separator bytes may stand between the parts of "row 3, col 15".
constexpr std::size_t kMaxFieldGap = 8;

bool isAsciiLetter(unsigned char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'); }
bool isDigit(unsigned char ch) { return ch >= '0' && ch <= '9'; }
bool isAlnum(unsigned char ch) { return isAsciiLetter(ch) || isDigit(ch); }
bool isBlank(unsigned char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n'; }
char lowerAscii(unsigned char ch) {
  return ch >= 'A' && ch <= 'Z' ? static_cast<char>(ch - 'A' + 'a') : static_cast<char>(ch);
}

bool equalsLower(std::string_view text, std::string_view lowerWord) {
  if (text.size() != lowerWord.size()) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (lowerAscii(static_cast<unsigned char>(text[i])) != lowerWord[i]) return false;
  }
  return true;
}

struct Candidate {
  ReadMove move;
  std::size_t begin = 0;
  bool marked = false;
};

class Scanner {
 public:
  Scanner(std::string_view text, int size) : m_text(text), m_size(size) {}

  std::optional<ReadMove> run() {
    std::size_t i = 0;
    while (i < m_text.size()) {
      const auto ch = static_cast<unsigned char>(m_text[i]);
      if (ch == '(' || ch == '[') {
        std::size_t end = 0;
        if (const std::optional<Point> p = readPair(i + 1, ch == '(' ? ')' : ']', end)) {
          addPoint(*p, i);
          i = end;
          continue;
        }
        ++i;
        continue;
      }
      if (!isAlnum(ch)) {
        ++i;
        continue;
      }
      // A maximal run of ASCII letters and digits: a vertex, a keyword or neither.
      std::size_t end = i;
      while (end < m_text.size() && isAlnum(static_cast<unsigned char>(m_text[end]))) ++end;
      i = word(i, end);
    }
    return pick();
  }

 private:
  // Handles the alphanumeric run [begin, end); returns where scanning goes on.
  std::size_t word(std::size_t begin, std::size_t end) {
    const std::string_view w = m_text.substr(begin, end - begin);
    // "I5" is no vertex: GTP letters skip I, and a model writing I most likely counted wrong.
    if (w.size() >= 2 && w.size() <= kMaxDigits + 1) {
      if (const std::optional<ParsedVertex> v = readGtpVertex(w, m_size); v && v->kind == MoveKind::Play) {
        std::string text(1, gtpColumnLetter(v->point.col));  // as a vertex, even when off the board
        text += std::to_string(m_size - v->point.row);
        add({MoveKind::Play, v->point, std::move(text)}, begin);
        return end;
      }
    }
    if (equalsLower(w, "pass")) {
      addWord({MoveKind::Pass, {}, "pass"}, begin);
    } else if (equalsLower(w, "resign")) {
      addWord({MoveKind::Resign, {}, "resign"}, begin);
    } else if (equalsLower(w, "move") || equalsLower(w, "answer")) {
      m_markEnd = end;
      m_markFinal = precededByFinal(begin);
      m_haveMark = true;
    } else if (equalsLower(w, "row") || equalsLower(w, "col") || equalsLower(w, "column")) {
      const bool rowFirst = equalsLower(w, "row");
      std::size_t after = 0;
      if (const std::optional<Point> p = readNamedPair(end, rowFirst, after)) {
        addPoint(*p, begin);
        return after;
      }
    }
    return end;
  }

  bool precededByFinal(std::size_t begin) const {
    std::size_t k = begin;
    while (k > 0 && isBlank(static_cast<unsigned char>(m_text[k - 1]))) --k;
    if (k == begin || k < 5) return false;
    if (!equalsLower(m_text.substr(k - 5, 5), "final")) return false;
    return k == 5 || !isAlnum(static_cast<unsigned char>(m_text[k - 6]));
  }

  // Whether a move starting at `begin` is the one a mark just before it names: between the mark and the move only
  // punctuation and blanks (and at most the word "is"), with ':' or '=' or "is" in it unless the mark was
  // "final answer".
  bool isMarked(std::size_t begin) const {
    if (!m_haveMark || begin < m_markEnd || begin - m_markEnd > kMaxMarkGap) return false;
    bool sign = false;
    bool sawIs = false;
    for (std::size_t k = m_markEnd; k < begin; ++k) {
      const auto ch = static_cast<unsigned char>(m_text[k]);
      if (ch == ':' || ch == '=') {
        sign = true;
      } else if (isAlnum(ch)) {
        if (sawIs || k + 1 >= begin || !equalsLower(m_text.substr(k, 2), "is")) return false;
        if (k + 2 < begin && isAlnum(static_cast<unsigned char>(m_text[k + 2]))) return false;
        sawIs = true;
        ++k;
      }
    }
    return sign || sawIs || m_markFinal;
  }

  // A non-negative number of at most kMaxDigits digits at `pos`, not followed by another digit.
  std::optional<int> readNumber(std::size_t& pos) const {
    std::size_t k = pos;
    int value = 0;
    while (k < m_text.size() && isDigit(static_cast<unsigned char>(m_text[k]))) {
      if (k - pos >= kMaxDigits) return std::nullopt;
      value = value * 10 + (m_text[k] - '0');
      ++k;
    }
    if (k == pos) return std::nullopt;
    pos = k;
    return value;
  }

  void skipBlanks(std::size_t& pos) const {
    std::size_t n = 0;
    while (pos < m_text.size() && isBlank(static_cast<unsigned char>(m_text[pos])) && n < kMaxFieldGap) {
      ++pos;
      ++n;
    }
  }

  // "3, 15)" or "3 15]" after an opening bracket: row then column, 0-based.
  std::optional<Point> readPair(std::size_t pos, char close, std::size_t& end) const {
    skipBlanks(pos);
    const std::optional<int> row = readNumber(pos);
    if (!row) return std::nullopt;
    const std::size_t afterRow = pos;
    skipBlanks(pos);
    // A comma or semicolon separates the numbers, or at least one blank does.
    bool separated = pos > afterRow;
    if (pos < m_text.size() && (m_text[pos] == ',' || m_text[pos] == ';')) {
      ++pos;
      separated = true;
    }
    skipBlanks(pos);
    if (!separated) return std::nullopt;
    const std::optional<int> col = readNumber(pos);
    if (!col) return std::nullopt;
    skipBlanks(pos);
    if (pos >= m_text.size() || m_text[pos] != close) return std::nullopt;
    end = pos + 1;
    return Point{*row, *col};
  }

  // After "row": separators (blanks, quotes, ':', '='), the row, separators (also ','), "col" or "column",
  // separators, the column; or the same with column first.
  std::optional<Point> readNamedPair(std::size_t pos, bool rowFirst, std::size_t& end) const {
    if (!skipFieldGap(pos, false)) return std::nullopt;
    const std::optional<int> first = readNumber(pos);
    if (!first) return std::nullopt;
    if (pos < m_text.size() && isAlnum(static_cast<unsigned char>(m_text[pos]))) return std::nullopt;
    if (!skipFieldGap(pos, true)) return std::nullopt;
    std::size_t wordEnd = pos;
    while (wordEnd < m_text.size() && isAsciiLetter(static_cast<unsigned char>(m_text[wordEnd]))) ++wordEnd;
    const std::string_view w = m_text.substr(pos, wordEnd - pos);
    const bool ok = rowFirst ? (equalsLower(w, "col") || equalsLower(w, "column")) : equalsLower(w, "row");
    if (!ok) return std::nullopt;
    pos = wordEnd;
    if (!skipFieldGap(pos, false)) return std::nullopt;
    const std::optional<int> second = readNumber(pos);
    if (!second) return std::nullopt;
    if (pos < m_text.size() && isAlnum(static_cast<unsigned char>(m_text[pos]))) return std::nullopt;
    end = pos;
    return rowFirst ? Point{*first, *second} : Point{*second, *first};
  }

  bool skipFieldGap(std::size_t& pos, bool allowComma) const {
    std::size_t n = 0;
    while (pos < m_text.size() && n <= kMaxFieldGap) {
      const char ch = m_text[pos];
      const bool sep = isBlank(static_cast<unsigned char>(ch)) || ch == '"' || ch == '\'' || ch == ':' || ch == '=' ||
                       (allowComma && (ch == ',' || ch == ';'));
      if (!sep) break;
      ++pos;
      ++n;
    }
    return n <= kMaxFieldGap;
  }

  void addPoint(Point p, std::size_t begin) { add({MoveKind::Play, p, rowColText(p)}, begin); }

  void add(ReadMove m, std::size_t begin) {
    const bool marked = isMarked(begin);
    if (marked) m_lastMarked = Candidate{m, begin, true};
    m_lastPoint = Candidate{std::move(m), begin, marked};
  }

  // "pass" and "resign" in prose ("I will not pass") are weak: they count only when marked or when the answer
  // names no point at all.
  void addWord(ReadMove m, std::size_t begin) {
    const bool marked = isMarked(begin);
    if (marked) m_lastMarked = Candidate{m, begin, true};
    m_lastWord = Candidate{std::move(m), begin, marked};
  }

  std::optional<ReadMove> pick() {
    if (m_lastMarked) return m_lastMarked->move;
    if (m_lastPoint) return m_lastPoint->move;
    if (m_lastWord) return m_lastWord->move;
    return bareRowCol();
  }

  // An answer that is nothing but "3,15" or "3 15" (blanks, quotes and a final '.' around it allowed).
  std::optional<ReadMove> bareRowCol() const {
    std::size_t b = 0;
    std::size_t e = m_text.size();
    auto trimmable = [](unsigned char ch) { return isBlank(ch) || ch == '"' || ch == '\'' || ch == '`' || ch == '.'; };
    while (b < e && trimmable(static_cast<unsigned char>(m_text[b]))) ++b;
    while (e > b && trimmable(static_cast<unsigned char>(m_text[e - 1]))) --e;
    if (e - b > 2 * kMaxDigits + 2 + 2 * kMaxFieldGap) return std::nullopt;
    const Scanner inner(m_text.substr(0, e), m_size);
    std::size_t pos = b;
    inner.skipBlanks(pos);
    const std::optional<int> row = inner.readNumber(pos);
    if (!row) return std::nullopt;
    const std::size_t afterRow = pos;
    inner.skipBlanks(pos);
    bool separated = pos > afterRow;
    if (pos < e && (m_text[pos] == ',' || m_text[pos] == ';')) {
      ++pos;
      separated = true;
    }
    if (!separated) return std::nullopt;
    inner.skipBlanks(pos);
    const std::optional<int> col = inner.readNumber(pos);
    if (!col || pos != e) return std::nullopt;
    const Point p{*row, *col};
    return ReadMove{MoveKind::Play, p, rowColText(p)};
  }

  std::string_view m_text;
  int m_size;
  std::size_t m_markEnd = 0;
  bool m_markFinal = false;
  bool m_haveMark = false;
  std::optional<Candidate> m_lastMarked;
  std::optional<Candidate> m_lastPoint;
  std::optional<Candidate> m_lastWord;
};

}  // namespace

std::optional<ReadMove> readMove(std::string_view answer, int size) { return Scanner(answer, size).run(); }

}  // namespace tengen::ai
