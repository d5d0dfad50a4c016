// The FF[4] reader: a hand-written scanner with an explicit stack, so that neither deep variations nor long main
// lines can exhaust the call stack.
#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tengen/sgf/sgf.h"

#include "charset.h"

namespace tengen::sgf {

namespace {

bool isUpper(unsigned char ch) { return ch >= 'A' && ch <= 'Z'; }
bool isLower(unsigned char ch) { return ch >= 'a' && ch <= 'z'; }
bool isLetter(unsigned char ch) { return isUpper(ch) || isLower(ch); }
bool isBlank(unsigned char ch) {
  return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v';
}

// Where something is in the text: 1-based line and column. Lines end at "\r\n", "\r" or "\n"; columns count
// characters (UTF-8 sequences, so a column matches what an editor shows once the text is UTF-8).
struct Position {
  int line = 1;
  int column = 1;
};

std::string describe(Position p) { return "line " + std::to_string(p.line) + ", column " + std::to_string(p.column); }

// What an error message shows for a stretch of input: quoted when printable, short.
std::string quoted(std::string_view text) {
  constexpr std::size_t kShown = 20;
  std::string out = "'";
  for (char ch : text.substr(0, kShown)) {
    const auto u = static_cast<unsigned char>(ch);
    out += (u >= 0x20 && u < 0x7F) ? ch : '?';
  }
  return out + (text.size() > kShown ? "...'" : "'");
}

class Scanner {
 public:
  explicit Scanner(std::string_view text, const ReadLimits& limits = {}) : m_text(text), m_limits(limits) {}

  // The whole collection, or the first error.
  Result<Collection> collection();

  // The first value of CA in the first game tree's root node, or "" (also when the text cannot be read that far).
  std::string rootCharset();

 private:
  bool atEnd() const { return m_pos >= m_text.size(); }
  unsigned char peek() const { return static_cast<unsigned char>(m_text[m_pos]); }
  Position here() const { return m_here; }

  void advance() {
    const unsigned char ch = peek();
    ++m_pos;
    if (ch == '\r') {
      ++m_here.line;
      m_here.column = 1;
      m_afterCr = true;
      return;
    }
    if (ch == '\n') {
      if (!m_afterCr) {
        ++m_here.line;
        m_here.column = 1;
      }
      m_afterCr = false;
      return;
    }
    m_afterCr = false;
    // A UTF-8 continuation byte belongs to the character already counted.
    if ((ch & 0xC0) != 0x80) ++m_here.column;
  }

  void skipBlanks() {
    while (!atEnd() && isBlank(peek())) advance();
  }

  // How an error names what it found at the current position.
  std::string found() const {
    if (atEnd()) return "the end of the input";
    const unsigned char ch = peek();
    if (ch >= 0x20 && ch < 0x7F) return std::string("'") + static_cast<char>(ch) + "'";
    static constexpr char kHex[] = "0123456789ABCDEF";
    return std::string("byte 0x") + kHex[ch >> 4] + kHex[ch & 0xF];
  }

  bool fail(Position at, const std::string& why) {
    m_error = describe(at) + ": " + why;
    return false;
  }

  // At a '(': whether a ';' follows (blanks allowed), which is how a game tree starts. Does not move.
  bool treeStartsHere() const {
    std::size_t i = m_pos + 1;
    while (i < m_text.size() && isBlank(static_cast<unsigned char>(m_text[i]))) ++i;
    return i < m_text.size() && m_text[i] == ';';
  }

  // Moves to the next '(' that starts a game tree, skipping anything else (FF[4] lets text precede the
  // collection; mail headers and the like do). Remembers the first '(' that did not start one for the error.
  bool seekGameTree();

  // At a letter: reads a property (identifier and values) into *out.
  bool readProperty(Property* out);
  // Counts one more node, property or value against the limit.
  bool counted() {
    if (m_items == m_limits.maxItems) {
      return fail(here(), "more than " + std::to_string(m_limits.maxItems) + " nodes, properties and values");
    }
    ++m_items;
    return true;
  }

  // At '[': reads one value, unescaped.
  bool readValue(const std::string& id, std::string* out);
  // At a '(' that starts a game tree: reads the whole tree into *root.
  bool readGameTree(std::unique_ptr<Node>* root);

  std::string_view m_text;
  ReadLimits m_limits;
  std::size_t m_items = 0;
  std::size_t m_pos = 0;
  Position m_here;
  bool m_afterCr = false;
  std::string m_error;
  // A place in the text to come back to.
  struct Mark {
    std::size_t pos;
    Position here;
    bool afterCr;
  };
  std::optional<Mark> m_strayParen;
};

bool Scanner::seekGameTree() {
  while (!atEnd()) {
    if (peek() == '(') {
      if (treeStartsHere()) return true;
      if (!m_strayParen) m_strayParen = Mark{m_pos, m_here, m_afterCr};
    }
    advance();
  }
  return false;
}

bool Scanner::readValue(const std::string& id, std::string* out) {
  const Position start = here();
  advance();  // '['
  out->clear();
  while (true) {
    if (atEnd()) return fail(start, "expected ']' to close the value of " + id + " that starts here");
    const unsigned char ch = peek();
    if (ch == ']') {
      advance();
      return true;
    }
    if (ch == '\\') {
      advance();
      if (atEnd()) return fail(start, "expected ']' to close the value of " + id + " that starts here");
      const unsigned char next = peek();
      advance();
      // A soft line break (an escaped line end) is removed, as FF[4] says for text.
      if (next == '\r') {
        if (!atEnd() && peek() == '\n') advance();
      } else if (next != '\n') {
        out->push_back(static_cast<char>(next));
      }
      continue;
    }
    if (ch == '\r') {
      // Every line end is kept as "\n", whatever the file used.
      advance();
      if (!atEnd() && peek() == '\n') advance();
      out->push_back('\n');
      continue;
    }
    // Copy the run of ordinary bytes in one go; advance() keeps the position right.
    const std::size_t from = m_pos;
    while (!atEnd() && peek() != ']' && peek() != '\\' && peek() != '\r') advance();
    out->append(m_text.substr(from, m_pos - from));
  }
}

bool Scanner::readProperty(Property* out) {
  const Position start = here();
  const std::size_t from = m_pos;
  out->id.clear();
  out->values.clear();
  // FF[3] identifiers such as AddBlack: FF[4] says to ignore the lower-case letters.
  while (!atEnd() && isLetter(peek())) {
    if (isUpper(peek())) out->id.push_back(static_cast<char>(peek()));
    advance();
  }
  if (out->id.empty()) {
    return fail(start, "expected a property identifier (upper-case letters), found " +
                           quoted(m_text.substr(from, m_pos - from)));
  }
  if (!counted()) return false;
  skipBlanks();
  if (atEnd() || peek() != '[') {
    return fail(here(), "expected '[' to start a value of " + out->id + ", found " + found());
  }
  while (!atEnd() && peek() == '[') {
    std::string value;
    if (!counted() || !readValue(out->id, &value)) return false;
    out->values.push_back(std::move(value));
    skipBlanks();
  }
  return true;
}

bool Scanner::readGameTree(std::unique_ptr<Node>* root) {
  // One frame per open '(': the node the next ';' continues from and whether a variation has closed in it,
  // after which only more variations or ')' may follow (FF[4]: a sequence comes before its variations).
  struct Frame {
    Node* current;
    Position open;
    bool hadVariation;
  };
  std::vector<Frame> stack;

  const Position treeOpen = here();
  advance();  // '('
  skipBlanks();
  advance();  // ';', checked by treeStartsHere()
  if (!counted()) return false;
  *root = std::make_unique<Node>();
  stack.push_back({root->get(), treeOpen, false});

  Property property;
  while (!stack.empty()) {
    skipBlanks();
    Frame& frame = stack.back();
    if (atEnd()) {
      return fail(here(),
                  "expected ')' to close the game tree opened at " + describe(frame.open) + ", found " + found());
    }
    const unsigned char ch = peek();
    if (ch == ')') {
      advance();
      stack.pop_back();
      continue;
    }
    if (ch == '(') {
      const Position open = here();
      advance();
      skipBlanks();
      if (atEnd() || peek() != ';') return fail(here(), "expected ';' to start a node after '(', found " + found());
      advance();
      if (!counted()) return false;
      frame.hadVariation = true;
      frame.current->children.push_back(std::make_unique<Node>());
      Node* first = frame.current->children.back().get();
      stack.push_back({first, open, false});  // invalidates `frame`
      continue;
    }
    if (frame.hadVariation) {
      return fail(here(), "expected '(' to start another variation or ')' to close the game tree, found " + found() +
                              " (nodes may not follow variations)");
    }
    if (ch == ';') {
      advance();
      if (!counted()) return false;
      frame.current->children.push_back(std::make_unique<Node>());
      frame.current = frame.current->children.back().get();
      continue;
    }
    if (isLetter(ch)) {
      if (!readProperty(&property)) return false;
      frame.current->properties.push_back(std::move(property));
      continue;
    }
    return fail(here(), "expected a property identifier, ';', '(' or ')', found " + found());
  }
  return true;
}

Result<Collection> Scanner::collection() {
  Collection out;
  while (seekGameTree()) {
    std::unique_ptr<Node> root;
    const bool ok = readGameTree(&root);
    // Keep even a half-read tree until here, so that its nodes are freed by the iterative destructor.
    out.games.push_back(std::move(root));
    if (!ok) return Result<Collection>::failure(m_error);
  }
  if (out.games.empty()) {
    if (m_strayParen) {
      m_pos = m_strayParen->pos;
      m_here = m_strayParen->here;
      m_afterCr = m_strayParen->afterCr;
      advance();  // '('
      skipBlanks();
      fail(here(), "expected ';' to start the game tree's first node, found " + found());
    } else {
      fail(here(), "expected '(' to start a game tree, found the end of the input (this is not an SGF record)");
    }
    return Result<Collection>::failure(m_error);
  }
  return out;
}

std::string Scanner::rootCharset() {
  if (!seekGameTree()) return {};
  advance();  // '('
  skipBlanks();
  advance();  // ';'
  Property property;
  while (true) {
    skipBlanks();
    if (atEnd() || !isLetter(peek()) || !readProperty(&property)) return {};
    if (property.id == "CA") return property.values.front();
  }
}

void markUtf8(Collection& collection) {
  for (const std::unique_ptr<Node>& root : collection.games) {
    if (root && root->property("CA")) root->set("CA", "UTF-8");
  }
}

}  // namespace

Result<Collection> parse(std::string_view text, const ReadLimits& limits) {
  try {
    // The whole text is decoded before it is scanned, as Sabaki does: in Shift_JIS, Big5 or GBK the second byte
    // of a character may be ']' or '\', which only a decoded text tells apart from the SGF syntax.
    const std::string charset = decoderFor(Scanner(text).rootCharset());
    if (!charset.empty()) {
      if (std::optional<std::string> decoded = toUtf8(text, charset)) {
        Result<Collection> collection = Scanner(*decoded, limits).collection();
        if (collection.ok()) markUtf8(collection.value());
        return collection;
      }
      // A charset iconv does not know: the bytes are kept as they are, and so is CA.
    }
    return Scanner(text, limits).collection();
  } catch (const std::exception& e) {
    return Result<Collection>::failure(std::string("cannot read the SGF text: ") + e.what());
  }
}

Result<Collection> parseFile(const std::string& path) {
  try {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return Result<Collection>::failure(path + ": is a directory");
    std::ifstream in(path, std::ios::binary);
    if (!in) return Result<Collection>::failure(path + ": cannot open: " + std::strerror(errno));
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) return Result<Collection>::failure(path + ": cannot read: " + std::strerror(errno));
    Result<Collection> collection = parse(buffer.str());
    if (!collection) return Result<Collection>::failure(path + ": " + collection.error());
    return collection;
  } catch (const std::exception& e) {
    return Result<Collection>::failure(path + ": cannot read: " + e.what());
  }
}

}  // namespace tengen::sgf
