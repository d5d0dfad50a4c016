// SGF FF[4]: a game tree with variations, its reader and writer, and the bridge between a record's main line and
// a Game. The reader says where and why it refuses (line and column, or move number).
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tengen/core/game.h"
#include "tengen/core/result.h"
#include "tengen/core/time_control.h"
#include "tengen/core/types.h"

namespace tengen::sgf {

// One property of a tree built in memory (gameRoot(), a client's tree): its identifier and its values, unescaped (a
// compressed point list such as `aa:cc` stays one value; expandPoints() expands it).
struct Property {
  std::string id;
  std::vector<std::string> values;
};

// A node of a tree built in memory to be written. What parse() reads is a Collection of NodeViews instead.
struct Node {
  std::vector<Property> properties;
  std::vector<std::unique_ptr<Node>> children;  // children[0] continues the main line; the rest are variations

  Node() = default;
  // Tears the subtree down without recursion, so a main line of a million moves or variations nested 100,000
  // deep do not overflow the stack.
  ~Node();
  Node(Node&&) noexcept = default;
  Node& operator=(Node&&) noexcept = default;

  // The first value of a property, or nothing.
  const std::string* find(std::string_view id) const;
  const Property* property(std::string_view id) const;
  // Replaces (or adds) a property with one value.
  void set(std::string_view id, std::string value);
};

// What a Collection holds, laid out flat; only the reader and the views below see inside.
struct CollectionData;

class NodeView;
class PropertyView;

namespace detail {
NodeView gameAt(const CollectionData& data, std::uint32_t index);
NodeView nodeAt(const CollectionData& data, std::uint32_t index);
PropertyView propertyAt(const CollectionData& data, std::uint32_t index);
std::string_view stringAt(const CollectionData& data, std::uint32_t index);
inline std::uint32_t nextIndex(const CollectionData& /*data*/, std::uint32_t index) { return index + 1; }
std::uint32_t nextSibling(const CollectionData& data, std::uint32_t node);
}  // namespace detail

// Walks entries of a Collection: At makes the view of an entry, Next finds the entry after one.
template <class T, T (*At)(const CollectionData&, std::uint32_t),
          std::uint32_t (*Next)(const CollectionData&, std::uint32_t)>
class ViewIterator {
 public:
  using iterator_category = std::forward_iterator_tag;
  using value_type = T;
  using difference_type = std::ptrdiff_t;
  using pointer = void;
  using reference = T;

  ViewIterator() = default;
  ViewIterator(const CollectionData* data, std::uint32_t index) : m_data(data), m_index(index) {}
  T operator*() const { return At(*m_data, m_index); }
  ViewIterator& operator++() {
    m_index = Next(*m_data, m_index);
    return *this;
  }
  ViewIterator operator++(int) {
    ViewIterator before = *this;
    ++*this;
    return before;
  }
  friend bool operator==(const ViewIterator& a, const ViewIterator& b) { return a.m_index == b.m_index; }

 private:
  const CollectionData* m_data = nullptr;
  std::uint32_t m_index = 0;
};

// Consecutive entries of a Collection (its games, a node's properties, a property's values), each made as it is
// looked at. Random access; valid while the collection lives.
template <class T, T (*At)(const CollectionData&, std::uint32_t)>
class Sequence {
 public:
  using Iterator = ViewIterator<T, At, &detail::nextIndex>;

  Sequence() = default;
  Sequence(const CollectionData* data, std::uint32_t first, std::uint32_t last)
      : m_data(data), m_first(first), m_last(last) {}

  std::size_t size() const { return m_last - m_first; }
  bool empty() const { return m_first == m_last; }
  // Precondition: i < size().
  T operator[](std::size_t i) const { return At(*m_data, m_first + static_cast<std::uint32_t>(i)); }
  // Precondition: !empty().
  T front() const { return At(*m_data, m_first); }
  T back() const { return At(*m_data, m_last - 1); }
  Iterator begin() const { return {m_data, m_first}; }
  Iterator end() const { return {m_data, m_last}; }

 private:
  const CollectionData* m_data = nullptr;
  std::uint32_t m_first = 0;
  std::uint32_t m_last = 0;
};

using Values = Sequence<std::string_view, &detail::stringAt>;
using Properties = Sequence<PropertyView, &detail::propertyAt>;
using Games = Sequence<NodeView, &detail::gameAt>;

// A property as parse() read it: its identifier (upper-case letters only) and its values, unescaped; it has at least
// one. A view into its Collection, valid while the collection lives.
class PropertyView {
 public:
  PropertyView(const CollectionData* data, std::uint32_t index) : m_data(data), m_index(index) {}

  std::string_view id() const;
  Values values() const;
  // A copy that outlives the collection, for a tree built in memory.
  Property toProperty() const;

 private:
  const CollectionData* m_data;
  std::uint32_t m_index;
};

// The children of a node, the main line's continuation first. Walked forward; size() walks them too.
class Children {
 public:
  using Iterator = ViewIterator<NodeView, &detail::nodeAt, &detail::nextSibling>;

  Children(const CollectionData* data, std::uint32_t first, std::uint32_t last)
      : m_data(data), m_first(first), m_last(last) {}

  bool empty() const { return m_first == m_last; }
  std::size_t size() const;
  // Precondition: !empty().
  NodeView front() const;
  Iterator begin() const { return {m_data, m_first}; }
  Iterator end() const { return {m_data, m_last}; }

 private:
  const CollectionData* m_data;
  std::uint32_t m_first;  // the first child, or m_last when there is none
  std::uint32_t m_last;   // one past the node's subtree
};

// A node as parse() read it. A view into its Collection, valid while the collection lives; two views are equal when
// they show the same node.
class NodeView {
 public:
  NodeView(const CollectionData* data, std::uint32_t index) : m_data(data), m_index(index) {}

  Properties properties() const;
  // children().front() continues the main line; the others are variations.
  Children children() const;
  // The first value of the first property with this identifier, or nothing.
  std::optional<std::string_view> find(std::string_view id) const;
  std::optional<PropertyView> property(std::string_view id) const;

  friend bool operator==(const NodeView& a, const NodeView& b) {
    return a.m_data == b.m_data && a.m_index == b.m_index;
  }

 private:
  const CollectionData* m_data;
  std::uint32_t m_index;
};

// The game trees of one SGF text, as parse() read them. Read-only and stored flat: a node costs 4 bytes, a property
// 12 and a value 4, beyond the bytes of its identifier and value, so that what a file costs once read is a small
// multiple of its size (docs/sgf.md). Moving a collection keeps its views valid.
class Collection {
 public:
  Collection();
  explicit Collection(std::unique_ptr<const CollectionData> data);
  ~Collection();
  Collection(Collection&&) noexcept;
  Collection& operator=(Collection&&) noexcept;

  // Each game tree's root node, in the order of the text.
  Games games() const;

 private:
  std::unique_ptr<const CollectionData> m_data;
};

// What parse() and parseFile() read at most. The defaults are far beyond any real record or collection (3,600 games
// without comments are 4.4 MB and 2 million items), so every reader is bounded without asking; tools that read
// larger collections on purpose pass largest().
struct ReadLimits {
  static constexpr std::size_t kDefaultMaxItems = 40'000'000;
  static constexpr std::size_t kDefaultMaxBytes = std::size_t{64} << 20;

  // Nodes, properties and values, counted together. A text with more is refused where the limit is reached.
  std::size_t maxItems = kDefaultMaxItems;
  // Bytes of the text, or of the file: a larger file is refused before it is read.
  std::size_t maxBytes = kDefaultMaxBytes;

  // The most the reader can hold at all: its indices are 32-bit, so about 4 GiB and 4 billion items.
  static ReadLimits largest();
};

// Parses SGF text (whitespace anywhere, escapes, several values, several games). The CA charset is honoured:
// text in another charset is converted to UTF-8. Errors read "line 3, column 14: <why>".
// Details (docs/sgf.md): text before the first game tree is skipped; lower-case letters in identifiers are
// ignored (FF[3] `AddBlack` is AB); line ends in values become "\n" and escaped line ends are removed. The CA of
// the first game tree's root decides the charset of the whole text, which is decoded before it is scanned; after a
// conversion every root's CA reads "UTF-8". Text without CA is taken as UTF-8; a charset iconv does not know is
// left as it is. Lines end at "\r\n", "\r" or "\n"; columns count characters, from 1. Never throws, and nesting
// depth is limited by memory only.
Result<Collection> parse(std::string_view text, const ReadLimits& limits = {});

// Reads a regular file and parses it; errors start with the path. Anything but a regular file is refused without
// waiting for it or reading it ("game.sgf: not a regular file (a FIFO)", "/dev/zero: not a regular file (a
// character device)", "games: is a directory"), and so is a file larger than limits.maxBytes ("big.sgf: larger than
// 64 MiB (the SGF size limit)").
Result<Collection> parseFile(const std::string& path, const ReadLimits& limits = {});

// Writes a collection as FF[4] text that other programs read: escaped values, one node per `;`. Identifiers are
// written with their upper-case letters only; a root without CA whose tree holds non-ASCII text gets CA[UTF-8].
// Parsing what write() wrote gives the same tree (apart from that CA), and writing it again the same text.
std::string write(const Collection& collection);
std::string write(NodeView root);
std::string write(const Node& root);

// Expands one point-list value (`dd` or the compressed `aa:cc`) on a board of the given size.
Result<std::vector<Point>> expandPoints(std::string_view value, int size);

// What tengen needs of a record's main line.
struct GameRecord {
  GameConfig config;  // SZ (default 19), KM, HA as handicap 0 (the stones come as setup), RU when known
  // AB/AW of the root and of the nodes before move 1, in order, AE and later nodes applied. Two stones on one
  // point of one node are both kept, so that replay() can refuse the setup.
  std::vector<std::pair<Color, Point>> setup;
  std::optional<Color> firstToMove;  // PL (of the nodes before move 1)
  std::vector<Move> moves;           // B/W of the main line, passes included
  // C of each move's node ("" when none), parallel to moves up to the last move that has one: shorter than moves
  // when the moves after it have none, so that a long line of bare moves costs no more than the moves.
  std::vector<std::string> comments;
  // The other single-valued properties of each move's node (BL WL OB OW N ...), as read, parallel to moves up to the
  // last move that has any, as comments are; the structural ones (B W AB AW AE PL ...) and C are left out.
  std::vector<std::map<std::string, std::string>> moveProperties;
  // Every single-valued root property but GM FF CA SZ KM AB AW AE PL B W, as read: PB PW BR WR DT RE EV PC GN RU
  // HA C ... A C of a node without a move is added to the comment of the move before it (to info["C"] before
  // move 1).
  std::map<std::string, std::string> info;
};

// The main line of a game tree. Refuses GM other than 1, a size outside 2..25 or not square, a point outside the
// board, a node with both B and W or a move with several values, setup stones (AB AW AE) after the first move, a
// KM that is not a number and a PL that is not B or W; errors name the move number ("move 12 (W[zz]): ...") or
// the property. B[] is a pass, and so is B[tt] on boards up to 19x19. RU names a rule set in any case (Japanese,
// Chinese, Korean, AGA, NZ or New Zealand, Tromp-Taylor or TT); another RU leaves chinese. A main line of more than
// kMaxRecordMoves moves is refused at the move past it.
Result<GameRecord> readRecord(NodeView root);

// The most moves readRecord takes in a main line. Real games are a few hundred moves long; the limit bounds what a
// replay costs (tens of bytes a move), which a file of bare passes, four bytes a move, could otherwise make many
// times the file.
inline constexpr std::size_t kMaxRecordMoves = 100'000;

struct IllegalMove {
  int moveNumber = 0;  // 1-based
  Move move;
  RejectReason reason = RejectReason::None;
};

// "move 12 (W D4): occupied", as every command that reads records says it. `size` is the board's.
std::string describe(const IllegalMove& illegal, int size);

// A record replayed by the rules: the game up to the first illegal move (or to the end), and that move.
struct Replay {
  Game game;
  std::optional<IllegalMove> illegal;
  // Why the record's setup cannot be placed (two stones on one point, a stone without liberties, a config Game
  // refuses), e.g. "setup stone W A19 (aa) is on a point already taken"; empty when it could. When set, `game` is an
  // empty game of the record's size (or 19x19 for a config Game refuses), no move has been tried and `illegal` is
  // empty.
  std::string setupError;
};

// Replays a record with its own rules, or with `rules` when given. Turn order is not enforced (SGF allows two
// moves of one colour in a row); every other rule is, so two passes end the game and a move after them is
// GameOver. The side to move first is PL, else the colour of the first move, else White after HA of 2 or more,
// else Black. The game keeps strict turn off.
Replay replay(const GameRecord& record, std::optional<Rules> rules = std::nullopt);

// An SGF record of a game: GM FF CA SZ KM RU HA AB/AW PL, the moves, and the result when finished. `info` adds or
// overrides root properties (PB, PW, DT, RU, HA, RE, ...), except the game's own GM FF CA SZ KM AB AW AE PL B W,
// and ids that are not upper-case letters, which are left out; `comments[i]`, when present, becomes C of move
// i+1's node, and `moveProperties[i]` adds properties to it (BL WL OB OW ...; the same ids are left out as from
// `info`, and C). Passes are written B[]; a resignation is not a move in SGF, only RE says it, and its node is
// written only for a comment.
std::string writeGame(const Game& game, const std::map<std::string, std::string>& info = {},
                      const std::vector<std::string>& comments = {},
                      const std::vector<std::map<std::string, std::string>>& moveProperties = {});

// A time control as the root properties TM (main time in seconds) and OT (the overtime: "5x30 byo-yomi",
// "25/600 Canadian"); nothing for TimeControl::Kind::None, TM alone for absolute time.
std::map<std::string, std::string> timeControlProperties(const TimeControl& control);

// The time control of a record's root properties (GameRecord::info): TM with an OT of the forms written above (in
// any case; "byoyomi" and "byo yomi" too) or without OT; Kind::None without a TM that is a number of seconds, or with
// one that checkTimeControl refuses. An OT that is not understood leaves absolute time (TM alone).
TimeControl readTimeControl(const std::map<std::string, std::string>& info);

// The root node writeGame() writes for `game` and `info`, without the moves, for writers of a whole game tree: the
// side to move first (PL) is the colour of the game's first move, or the game's side to move when it has none; RE
// is the game's result when it is finished.
Node gameRoot(const Game& game, const std::map<std::string, std::string>& info = {});

}  // namespace tengen::sgf
