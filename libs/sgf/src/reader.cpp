// The FF[4] reader: a hand-written scanner with an explicit stack, so that neither deep variations nor long main
// lines can exhaust the call stack.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <exception>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tengen/sgf/sgf.h"

#include "charset.h"
#include "collection_data.h"

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

// What the scanner tells a sink as it reads, in the order of the text:
//   gameTree()                 a game tree starts; its root is the next node
//   node()                     a node (';') starts; nodes are numbered from 0 in this order
//   closed(first, last, end)   a ')' closes the sequence of nodes [first, last), whose subtrees end before node `end`
//   property(id)               a property starts (its identifier, upper-case letters only)
//   value()                    one of its values starts
//   append(bytes)              bytes of that value, unescaped
// The same text read twice tells the same things, so a first pass can count what a second one stores.

// Counts what a collection will hold, so that it is stored without spare capacity.
struct Counter {
  std::size_t games = 0;
  std::size_t nodes = 0;
  std::size_t properties = 0;
  std::size_t strings = 0;
  std::size_t bytes = 0;

  void gameTree() { ++games; }
  void node() { ++nodes; }
  void closed(std::uint32_t /*first*/, std::uint32_t /*last*/, std::uint32_t /*end*/) {}
  void property(std::string_view id) {
    ++properties;
    ++strings;
    bytes += id.size();
  }
  void value() { ++strings; }
  void append(std::string_view bytesRead) { bytes += bytesRead.size(); }
};

// Stores what the scanner reads into a CollectionData sized by a Counter of the same text.
class Builder {
 public:
  Builder(CollectionData& data, const Counter& count) : m_data(data) {
    data.roots.reserve(count.games);
    data.ends.reserve(count.nodes);
    data.owners.reserve(count.properties);
    data.properties.reserve(count.properties + 1);
    data.strings.reserve(count.strings + 1);
    data.text.reserve(count.bytes);
  }

  void gameTree() { m_data.roots.push_back(static_cast<std::uint32_t>(m_data.ends.size())); }
  void node() { m_data.ends.push_back(0); }
  void closed(std::uint32_t first, std::uint32_t last, std::uint32_t end) {
    for (std::uint32_t node = first; node < last; ++node) m_data.ends[node] = end;
  }
  void property(std::string_view id) {
    m_data.owners.push_back(static_cast<std::uint32_t>(m_data.ends.size() - 1));
    m_data.properties.push_back(static_cast<std::uint32_t>(m_data.strings.size()));
    value();
    append(id);
  }
  void value() { m_data.strings.push_back(static_cast<std::uint32_t>(m_data.text.size())); }
  void append(std::string_view bytes) { m_data.text.append(bytes); }

  // The end markers, once everything has been read.
  void finish() {
    m_data.strings.push_back(static_cast<std::uint32_t>(m_data.text.size()));
    m_data.properties.push_back(static_cast<std::uint32_t>(m_data.strings.size() - 1));
  }

 private:
  CollectionData& m_data;
};

// Passes everything on, but the CA of each game tree's root becomes the one value UTF-8 (a second CA there is
// dropped): after a conversion the tree says what it holds.
template <class Sink>
class Utf8Label {
 public:
  explicit Utf8Label(Sink& inner) : m_inner(inner) {}

  void gameTree() {
    m_inner.gameTree();
    m_nodesInTree = 0;
    m_labelled = false;
  }
  void node() {
    m_inner.node();
    ++m_nodesInTree;
  }
  void closed(std::uint32_t first, std::uint32_t last, std::uint32_t end) { m_inner.closed(first, last, end); }
  void property(std::string_view id) {
    m_dropping = m_nodesInTree == 1 && id == "CA";
    if (!m_dropping) {
      m_inner.property(id);
    } else if (!m_labelled) {
      m_inner.property(id);
      m_inner.value();
      m_inner.append("UTF-8");
      m_labelled = true;
    }
  }
  void value() {
    if (!m_dropping) m_inner.value();
  }
  void append(std::string_view bytes) {
    if (!m_dropping) m_inner.append(bytes);
  }

 private:
  Sink& m_inner;
  std::size_t m_nodesInTree = 0;
  bool m_labelled = false;
  bool m_dropping = false;
};

// Keeps the first value of the last property read, for the look at the root's CA.
struct LastProperty {
  std::string id;
  std::string firstValue;
  int values = 0;

  void gameTree() {}
  void node() {}
  void closed(std::uint32_t /*first*/, std::uint32_t /*last*/, std::uint32_t /*end*/) {}
  void property(std::string_view readId) {
    id = readId;
    firstValue.clear();
    values = 0;
  }
  void value() { ++values; }
  void append(std::string_view bytes) {
    if (values == 1) firstValue += bytes;
  }
};

template <class Sink>
class Scanner {
 public:
  Scanner(std::string_view text, const ReadLimits& limits, Sink& sink)
      : m_text(text), m_maxItems(std::min(limits.maxItems, CollectionData::kMaxIndex)), m_sink(sink) {}

  // Reads every game tree; false at the first error, which error() then says.
  bool collection();
  const std::string& error() const { return m_error; }

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

  // Counts one more node, property or value against the limit.
  bool counted() {
    if (m_items == m_maxItems) {
      return fail(here(), "more than " + std::to_string(m_maxItems) + " nodes, properties and values");
    }
    ++m_items;
    return true;
  }

  // At ';': a new node.
  bool readNode() {
    advance();
    if (!counted()) return false;
    m_sink.node();
    ++m_nodes;
    return true;
  }

  // At a letter: reads a property (identifier and values).
  bool readProperty();
  // At '[': reads one value of `id`, unescaped.
  bool readValue(const std::string& id);
  // At a '(' that starts a game tree: reads the whole tree.
  bool readGameTree();

  std::string_view m_text;
  std::size_t m_maxItems;
  Sink& m_sink;
  std::size_t m_items = 0;
  std::uint32_t m_nodes = 0;
  std::size_t m_pos = 0;
  Position m_here;
  bool m_afterCr = false;
  std::string m_error;
  std::string m_id;  // the identifier being read, kept to reuse its buffer
  // A place in the text to come back to.
  struct Mark {
    std::size_t pos;
    Position here;
    bool afterCr;
  };
  std::optional<Mark> m_strayParen;
};

template <class Sink>
bool Scanner<Sink>::seekGameTree() {
  while (!atEnd()) {
    if (peek() == '(') {
      if (treeStartsHere()) return true;
      if (!m_strayParen) m_strayParen = Mark{m_pos, m_here, m_afterCr};
    }
    advance();
  }
  return false;
}

template <class Sink>
bool Scanner<Sink>::readValue(const std::string& id) {
  const Position start = here();
  advance();  // '['
  m_sink.value();
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
      const std::size_t escaped = m_pos;
      const unsigned char next = peek();
      advance();
      // A soft line break (an escaped line end) is removed, as FF[4] says for text.
      if (next == '\r') {
        if (!atEnd() && peek() == '\n') advance();
      } else if (next != '\n') {
        m_sink.append(m_text.substr(escaped, 1));
      }
      continue;
    }
    if (ch == '\r') {
      // Every line end is kept as "\n", whatever the file used.
      advance();
      if (!atEnd() && peek() == '\n') advance();
      m_sink.append("\n");
      continue;
    }
    // Copy the run of ordinary bytes in one go; advance() keeps the position right.
    const std::size_t from = m_pos;
    while (!atEnd() && peek() != ']' && peek() != '\\' && peek() != '\r') advance();
    m_sink.append(m_text.substr(from, m_pos - from));
  }
}

template <class Sink>
bool Scanner<Sink>::readProperty() {
  const Position start = here();
  const std::size_t from = m_pos;
  m_id.clear();
  // FF[3] identifiers such as AddBlack: FF[4] says to ignore the lower-case letters.
  while (!atEnd() && isLetter(peek())) {
    if (isUpper(peek())) m_id.push_back(static_cast<char>(peek()));
    advance();
  }
  if (m_id.empty()) {
    return fail(start, "expected a property identifier (upper-case letters), found " +
                           quoted(m_text.substr(from, m_pos - from)));
  }
  if (!counted()) return false;
  skipBlanks();
  if (atEnd() || peek() != '[') {
    return fail(here(), "expected '[' to start a value of " + m_id + ", found " + found());
  }
  m_sink.property(m_id);
  while (!atEnd() && peek() == '[') {
    if (!counted() || !readValue(m_id)) return false;
    skipBlanks();
  }
  return true;
}

template <class Sink>
bool Scanner<Sink>::readGameTree() {
  // One frame per open '(': the nodes of its sequence, the last of which the next ';' continues from, and whether
  // a variation has opened in it, after which only more variations or ')' may follow (FF[4]: a sequence comes before
  // its variations).
  struct Frame {
    std::uint32_t first;
    std::uint32_t last;
    Position open;
    bool hadVariation;
  };
  std::vector<Frame> stack;

  const Position treeOpen = here();
  advance();  // '('
  skipBlanks();
  m_sink.gameTree();
  if (!readNode()) return false;  // the ';' treeStartsHere() found
  stack.push_back({m_nodes - 1, m_nodes, treeOpen, false});

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
      m_sink.closed(frame.first, frame.last, m_nodes);
      stack.pop_back();
      continue;
    }
    if (ch == '(') {
      const Position open = here();
      advance();
      skipBlanks();
      if (atEnd() || peek() != ';') return fail(here(), "expected ';' to start a node after '(', found " + found());
      frame.hadVariation = true;
      if (!readNode()) return false;
      stack.push_back({m_nodes - 1, m_nodes, open, false});  // invalidates `frame`
      continue;
    }
    if (frame.hadVariation) {
      return fail(here(), "expected '(' to start another variation or ')' to close the game tree, found " + found() +
                              " (nodes may not follow variations)");
    }
    if (ch == ';') {
      if (!readNode()) return false;
      frame.last = m_nodes;
      continue;
    }
    if (isLetter(ch)) {
      if (!readProperty()) return false;
      continue;
    }
    return fail(here(), "expected a property identifier, ';', '(' or ')', found " + found());
  }
  return true;
}

template <class Sink>
bool Scanner<Sink>::collection() {
  bool any = false;
  while (seekGameTree()) {
    if (!readGameTree()) return false;
    any = true;
  }
  if (any) return true;
  if (m_strayParen) {
    m_pos = m_strayParen->pos;
    m_here = m_strayParen->here;
    m_afterCr = m_strayParen->afterCr;
    advance();  // '('
    skipBlanks();
    return fail(here(), "expected ';' to start the game tree's first node, found " + found());
  }
  return fail(here(), "expected '(' to start a game tree, found the end of the input (this is not an SGF record)");
}

template <class Sink>
std::string Scanner<Sink>::rootCharset() {
  if (!seekGameTree()) return {};
  advance();  // '('
  skipBlanks();
  advance();  // ';'
  while (true) {
    skipBlanks();
    if (atEnd() || !isLetter(peek()) || !readProperty()) return {};
    if (m_sink.id == "CA") return m_sink.firstValue;
  }
}

// A sink that passes everything on as it is.
template <class Sink>
class AsRead {
 public:
  explicit AsRead(Sink& inner) : m_inner(inner) {}
  void gameTree() { m_inner.gameTree(); }
  void node() { m_inner.node(); }
  void closed(std::uint32_t first, std::uint32_t last, std::uint32_t end) { m_inner.closed(first, last, end); }
  void property(std::string_view id) { m_inner.property(id); }
  void value() { m_inner.value(); }
  void append(std::string_view bytes) { m_inner.append(bytes); }

 private:
  Sink& m_inner;
};

// Reads `text` twice: once to count, once to store what was counted. The limit applies to both alike, so the
// second pass cannot fail where the first did not.
template <class CountLabel, class BuildLabel>
Result<Collection> readCollection(std::string_view text, const ReadLimits& limits) {
  Counter count;
  CountLabel countLabel(count);
  Scanner counting(text, limits, countLabel);
  if (!counting.collection()) return Result<Collection>::failure(counting.error());

  auto data = std::make_unique<CollectionData>();
  Builder builder(*data, count);
  BuildLabel buildLabel(builder);
  Scanner building(text, limits, buildLabel);
  if (!building.collection()) return Result<Collection>::failure(building.error());
  builder.finish();
  return Collection(std::move(data));
}

// A size as a limit's message says it: "64 MiB" when it is whole mebibytes, else in bytes.
std::string sizeText(std::size_t bytes) {
  constexpr std::size_t kMiB = std::size_t{1} << 20;
  if (bytes >= kMiB && bytes % kMiB == 0) return std::to_string(bytes / kMiB) + " MiB";
  return std::to_string(bytes) + " bytes";
}

std::string tooLarge(std::size_t maxBytes) { return "larger than " + sizeText(maxBytes) + " (the SGF size limit)"; }

// What a file that is not a regular one is, for the message that refuses it.
std::string fileKind(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "neither a file nor a directory";
}

// Closes a file descriptor when it goes.
class OpenFile {
 public:
  explicit OpenFile(int fd) : m_fd(fd) {}
  ~OpenFile() { ::close(m_fd); }
  OpenFile(const OpenFile&) = delete;
  OpenFile& operator=(const OpenFile&) = delete;
  int fd() const { return m_fd; }

 private:
  int m_fd;
};

// The bytes of a regular file of at most maxBytes, or why not. The file is opened without waiting, so that a FIFO
// nobody writes to is refused rather than waited for, and what was opened is checked, not the path, so that nothing
// can be put in its place between the check and the read. A file that grows while it is read is read up to one
// byte past the limit, no further.
Result<std::string> readRegularFile(const std::string& path, std::size_t maxBytes) {
  using R = Result<std::string>;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd < 0) return R::failure(std::string("cannot open: ") + std::strerror(errno));
  const OpenFile file(fd);
  struct stat info {};
  if (::fstat(fd, &info) != 0) return R::failure(std::string("cannot read: ") + std::strerror(errno));
  if (S_ISDIR(info.st_mode)) return R::failure("is a directory");
  if (!S_ISREG(info.st_mode)) return R::failure("not a regular file (" + fileKind(info.st_mode) + ")");
  if (static_cast<std::uintmax_t>(info.st_size) > maxBytes) return R::failure(tooLarge(maxBytes));
  // A regular file's reads do not wait anyway; plain blocking reads are what the loop below expects.
  if (const int flags = ::fcntl(fd, F_GETFL); flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);

  constexpr std::size_t kFirstGrowth = 4096;
  std::string text(static_cast<std::size_t>(info.st_size) + 1, '\0');
  std::size_t got = 0;
  while (true) {
    if (got == text.size()) {
      if (got > maxBytes) return R::failure(tooLarge(maxBytes));
      text.resize(std::min(std::max(2 * got, kFirstGrowth), maxBytes + 1));
    }
    const ssize_t n = ::read(fd, text.data() + got, text.size() - got);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      return R::failure(std::string("cannot read: ") + std::strerror(errno));
    }
    got += static_cast<std::size_t>(n);
  }
  text.resize(got);
  return text;
}

}  // namespace

Result<Collection> parse(std::string_view text, const ReadLimits& limits) {
  using R = Result<Collection>;
  try {
    const std::size_t maxBytes = std::min(limits.maxBytes, CollectionData::kMaxIndex);
    if (text.size() > maxBytes) return R::failure("the text is " + tooLarge(maxBytes));
    // The whole text is decoded before it is scanned, as Sabaki does: in Shift_JIS, Big5 or GBK the second byte
    // of a character may be ']' or '\', which only a decoded text tells apart from the SGF syntax.
    LastProperty last;
    const std::string charset = decoderFor(Scanner(text, limits, last).rootCharset());
    if (!charset.empty()) {
      if (std::optional<std::string> decoded = toUtf8(text, charset)) {
        // A charset of one byte a character may take up to three once decoded.
        if (decoded->size() > CollectionData::kMaxIndex) return R::failure("the text is too large once decoded");
        return readCollection<Utf8Label<Counter>, Utf8Label<Builder>>(*decoded, limits);
      }
      // A charset iconv does not know: the bytes are kept as they are, and so is CA.
    }
    return readCollection<AsRead<Counter>, AsRead<Builder>>(text, limits);
  } catch (const std::exception& e) {
    return R::failure(std::string("cannot read the SGF text: ") + e.what());
  }
}

ReadLimits ReadLimits::largest() { return {CollectionData::kMaxIndex, CollectionData::kMaxIndex}; }

Result<Collection> parseFile(const std::string& path, const ReadLimits& limits) {
  using R = Result<Collection>;
  try {
    const Result<std::string> text = readRegularFile(path, std::min(limits.maxBytes, CollectionData::kMaxIndex));
    if (!text) return R::failure(path + ": " + text.error());
    Result<Collection> collection = parse(*text, limits);
    if (!collection) return R::failure(path + ": " + collection.error());
    return collection;
  } catch (const std::exception& e) {
    return R::failure(path + ": cannot read: " + e.what());
  }
}

}  // namespace tengen::sgf
