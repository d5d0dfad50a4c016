// The bridge between a game tree's main line and a Game: readRecord(), replay(), writeGame().
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <exception>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tengen/core/board.h"
#include "tengen/core/coords.h"
#include "tengen/core/game.h"
#include "tengen/core/rules.h"
#include "tengen/core/text.h"
#include "tengen/sgf/sgf.h"

namespace tengen::sgf {

namespace {

// A value as an error message shows it: printable, short.
std::string shown(std::string_view value) {
  constexpr std::size_t kShown = 20;
  std::string out;
  for (char ch : value.substr(0, kShown)) {
    const auto u = static_cast<unsigned char>(ch);
    out += (u >= 0x20 && u != 0x7F) ? ch : '?';
  }
  return value.size() > kShown ? out + "..." : out;
}

std::string boardName(int size) { return std::to_string(size) + "x" + std::to_string(size) + " board"; }

int letterValue(char ch) {
  if (ch >= 'a' && ch <= 'z') return ch - 'a';
  if (ch >= 'A' && ch <= 'Z') return ch - 'A' + 26;
  return -1;
}

Result<Point> onePoint(std::string_view text, int size) {
  if (text.size() != 2) {
    return Result<Point>::failure("an SGF point is two letters (column, row): '" + shown(text) + "'");
  }
  const int col = letterValue(text[0]);
  const int row = letterValue(text[1]);
  if (col < 0 || row < 0) return Result<Point>::failure("an SGF point uses letters a-z, A-Z: '" + shown(text) + "'");
  if (col >= size || row >= size) {
    return Result<Point>::failure("SGF point '" + std::string(text) + "' is outside the " + boardName(size));
  }
  return Point{row, col};
}

std::optional<int> smallNumber(std::string_view digits) {
  if (digits.empty() || digits.size() > 4) return std::nullopt;
  int value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec != std::errc() || end != digits.data() + digits.size() || value < 0) return std::nullopt;
  return value;
}

// KM as a number; a decimal comma is read as a point, as some Asian servers write it.
std::optional<double> komiValue(std::string_view text) {
  std::string t(trim(text));
  std::replace(t.begin(), t.end(), ',', '.');
  if (t.empty() || t.size() > 32) return std::nullopt;
  double value = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
  if (ec != std::errc() || end != t.data() + t.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

// RU as written by KGS, OGS, CGOS and friends: "Japanese", "Chinese", "AGA", "NZ", "New Zealand", "Tromp-Taylor",
// "TT", in any case.
std::optional<Rules> rulesFromRu(std::string_view ru) {
  std::string name(trim(ru));
  if (std::optional<Rules> r = parseRules(name)) return r;
  std::replace(name.begin(), name.end(), ' ', '-');
  std::replace(name.begin(), name.end(), '_', '-');
  if (std::optional<Rules> r = parseRules(name)) return r;
  name.erase(std::remove(name.begin(), name.end(), '-'), name.end());
  return parseRules(name);
}

// The RU value writeGame() writes; rulesFromRu() reads each back.
std::string_view ruValue(Rules rules) {
  switch (rules) {
    case Rules::Chinese:
      return "Chinese";
    case Rules::Japanese:
      return "Japanese";
    case Rules::Korean:
      return "Korean";
    case Rules::Aga:
      return "AGA";
    case Rules::Nz:
      return "NZ";
    case Rules::TrompTaylor:
      return "Tromp-Taylor";
  }
  return "Chinese";
}

// The Fox server (AP[YuanYu]) writes KM in hundredths: KM[750] is 7.5, KM[650] 6.5, and under Chinese rules in
// hundredths of a stone, KM[375] being 3.75 stones, 7.5 points. A whole-number komi larger than the board has
// points would decide every game before it starts, so no record means it in points; read it in Fox's units.
// Anything else is the komi as written.
double recordKomi(double komi, int size) {
  const double points = static_cast<double>(size) * size;
  if (komi != std::trunc(komi) || std::fabs(komi) <= points || std::fabs(komi) > 1000) return komi;
  const double hundredths = komi / 100;
  const double fraction = std::fabs(hundredths - std::trunc(hundredths));
  const bool inStones = fraction == 0.25 || fraction == 0.75;
  return inStones ? hundredths * 2 : hundredths;
}

std::string komiText(double komi) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", komi);
  return buf;
}

// Properties that are the record's structure rather than its information, so readRecord() does not copy them
// into `info` and writeGame() does not let `info` override them.
bool isStructural(std::string_view id) {
  static const std::set<std::string_view> kIds = {"GM", "FF", "CA", "SZ", "KM", "AB", "AW", "AE", "PL", "B", "W"};
  return kIds.contains(id);
}

bool isPropertyId(std::string_view id) {
  return !id.empty() && std::all_of(id.begin(), id.end(), [](char ch) { return ch >= 'A' && ch <= 'Z'; });
}

// The setup stones of the nodes before the first move, as FF[4] applies them: a later node's AB, AW or AE
// replaces what an earlier node put on a point. Two stones on one point within a node are kept, both, so that
// replay() can say the setup is impossible.
class SetupBuilder {
 public:
  explicit SetupBuilder(int size) : m_size(size), m_entryAt(static_cast<std::size_t>(size) * size, -1) {}

  void startNode() { ++m_node; }

  void add(Color c, Point p) {
    int& at = slot(p);
    if (at >= 0 && m_entries[at].node == m_node) {
      // Kept once only, which is all replay() needs to refuse it, and bounds the memory of a hostile file.
      if (!m_entries[at].overlapped) {
        m_entries[at].overlapped = true;
        m_entries.push_back({c, p, m_node, true, false});
      }
      return;
    }
    if (at >= 0) m_entries[at].alive = false;
    at = static_cast<int>(m_entries.size());
    m_entries.push_back({c, p, m_node, true, false});
    compactIfMostlyDead();
  }

  void erase(Point p) {
    int& at = slot(p);
    if (at >= 0) m_entries[at].alive = false;
    at = -1;
  }

  std::vector<std::pair<Color, Point>> stones() const {
    std::vector<std::pair<Color, Point>> out;
    for (const Entry& e : m_entries) {
      if (e.alive) out.emplace_back(e.color, e.point);
    }
    return out;
  }

 private:
  struct Entry {
    Color color;
    Point point;
    int node;
    bool alive;
    bool overlapped;
  };
  int& slot(Point p) { return m_entryAt[static_cast<std::size_t>(p.row) * m_size + p.col]; }

  // Replaced entries stay behind until there are many of them; dropping them then keeps the memory of a record that
  // sets the same points node after node bounded by the board, not by the file.
  void compactIfMostlyDead() {
    const std::size_t limit = 4 * m_entryAt.size() + 64;
    if (m_entries.size() <= limit) return;
    std::vector<Entry> kept;
    std::fill(m_entryAt.begin(), m_entryAt.end(), -1);
    for (const Entry& e : m_entries) {
      if (!e.alive) continue;
      int& at = slot(e.point);
      if (at < 0) at = static_cast<int>(kept.size());  // the first of a point is the one later nodes replace
      kept.push_back(e);
    }
    m_entries = std::move(kept);
  }

  int m_size;
  int m_node = 0;
  std::vector<int> m_entryAt;
  std::vector<Entry> m_entries;
};

// Adds a line of text to a comment.
void appendLine(std::string& comment, std::string_view line) {
  if (!comment.empty()) comment += '\n';
  comment += line;
}

// The root's game properties: GM, SZ, KM and RU into the record's config, validated.
Status readGameConfig(NodeView root, GameConfig& config) {
  if (const std::optional<std::string_view> gm = root.find("GM"); gm && trim(*gm) != "1") {
    return Status::failure("GM[" + shown(*gm) + "] is not a game of Go: tengen reads only GM[1] records");
  }
  if (const std::optional<std::string_view> sz = root.find("SZ")) {
    const std::string_view text = trim(*sz);
    const std::size_t colon = text.find(':');
    const std::optional<int> width = smallNumber(trim(text.substr(0, colon)));
    const std::optional<int> height =
        colon == std::string_view::npos ? width : smallNumber(trim(text.substr(colon + 1)));
    if (!width || !height) return Status::failure("SZ[" + shown(*sz) + "] is not a board size");
    if (*width != *height) return Status::failure("SZ[" + shown(*sz) + "]: rectangular boards are not supported");
    config.size = *width;
  }
  if (const std::optional<std::string_view> km = root.find("KM"); km && !trim(*km).empty()) {
    const std::optional<double> komi = komiValue(*km);
    if (!komi) return Status::failure("KM[" + shown(*km) + "] is not a number");
    config.komi = recordKomi(*komi, config.size);
  }
  if (const std::optional<std::string_view> ru = root.find("RU")) {
    // An unknown rule set leaves the default; RU stays in info either way.
    if (const std::optional<Rules> rules = rulesFromRu(*ru)) config.rules = *rules;
  }
  if (const Result<GameConfig> valid = Game::validate(config); !valid) {
    return Status::failure((root.find("SZ") ? "SZ[" + shown(*root.find("SZ")) + "]: " : std::string()) + valid.error());
  }
  return Done{};
}

// A node's AB, AW and AE, allowed only before the first move.
Status readSetup(NodeView node, int played, const std::string& where, int size, SetupBuilder& setup) {
  for (const PropertyView p : node.properties()) {
    const std::string_view id = p.id();
    const bool add = id == "AB" || id == "AW";
    if (!add && id != "AE") continue;
    if (played > 0) {
      return Status::failure(where + ": setup stones (" + std::string(id) +
                             ") after the first move are not supported; only the root and the nodes before move 1 "
                             "may place or remove stones");
    }
    for (const std::string_view value : p.values()) {
      // An empty value is FF[4]'s empty list.
      if (trim(value).empty()) continue;
      const Result<std::vector<Point>> points = expandPoints(value, size);
      if (!points) return Status::failure("setup " + std::string(id) + "[" + shown(value) + "]: " + points.error());
      for (const Point& point : points.value()) {
        if (add) {
          setup.add(id == "AB" ? Color::Black : Color::White, point);
        } else {
          setup.erase(point);
        }
      }
    }
  }
  return Done{};
}

// A node's move (its B or W), with the node's comment and its other single-valued properties.
Status readMove(NodeView node, PropertyView move, const std::string& where, int size, GameRecord& record) {
  const std::string id(move.id());
  if (move.values().size() != 1) {
    return Status::failure(where + ": " + id + " has " + std::to_string(move.values().size()) +
                           " values; a move has one");
  }
  const std::string_view value = move.values().front();
  const Result<ParsedVertex> vertex = parseSgfPoint(trim(value), size);
  if (!vertex) return Status::failure(where + " (" + id + "[" + shown(value) + "]): " + vertex.error());
  const Color color = id == "B" ? Color::Black : Color::White;
  record.moves.push_back(vertex->kind == MoveKind::Play ? Move::play(color, vertex->point) : Move::pass(color));
  // Comments and properties stop at the last move that has any: a long line of bare moves costs no more than them.
  const std::size_t moves = record.moves.size();
  if (const std::optional<std::string_view> comment = node.find("C"); comment && !comment->empty()) {
    record.comments.resize(moves);
    record.comments.back() = *comment;
  }
  for (const PropertyView p : node.properties()) {
    if (isStructural(p.id()) || p.id() == "C" || p.values().size() != 1) continue;
    record.moveProperties.resize(moves);
    record.moveProperties.back().emplace(p.id(), p.values().front());
  }
  return Done{};
}

Result<GameRecord> readRecordUnguarded(NodeView root) {
  using R = Result<GameRecord>;
  GameRecord record;
  if (const Status config = readGameConfig(root, record.config); !config) return R::failure(config);
  const int size = record.config.size;

  const bool rootHasMove = root.property("B") || root.property("W");
  for (const PropertyView p : root.properties()) {
    if (isStructural(p.id()) || p.values().size() != 1 || (p.id() == "C" && rootHasMove)) continue;
    record.info.emplace(p.id(), p.values().front());  // the first of duplicates wins, as find() does
  }

  std::size_t mainLineLength = 0;
  for (std::optional<NodeView> line = root; line;
       line = line->children().empty() ? std::nullopt : std::optional(line->children().front())) {
    ++mainLineLength;
  }
  record.moves.reserve(std::min(mainLineLength, kMaxRecordMoves));

  SetupBuilder setup(size);
  for (std::optional<NodeView> line = root; line;
       line = line->children().empty() ? std::nullopt : std::optional(line->children().front())) {
    const NodeView node = *line;
    setup.startNode();
    const int played = static_cast<int>(record.moves.size());
    std::optional<PropertyView> move;
    for (const PropertyView p : node.properties()) {
      if (p.id() != "B" && p.id() != "W") continue;
      if (move) return R::failure("move " + std::to_string(played + 1) + ": a node holds both B and W");
      move = p;
    }
    // Where an error in this node is: at its move, or after the moves so far.
    const std::string where = move ? "move " + std::to_string(played + 1) : "after move " + std::to_string(played);
    if (const Status placed = readSetup(node, played, where, size, setup); !placed) return R::failure(placed);

    if (const std::optional<std::string_view> pl = node.find("PL"); pl && played == 0) {
      const std::optional<Color> color = parseColor(trim(*pl));
      if (!color || !isPlayer(*color)) return R::failure("PL[" + shown(*pl) + "] is not B or W");
      record.firstToMove = *color;
    }

    if (move) {
      if (record.moves.size() == kMaxRecordMoves) {
        return R::failure(where + ": a main line of more than " + std::to_string(kMaxRecordMoves) +
                          " moves (the record's limit)");
      }
      if (const Status read = readMove(node, *move, where, size, record); !read) return R::failure(read);
    } else if (const std::optional<std::string_view> comment = node.find("C"); comment && !(node == root)) {
      // A comment on a node without a move belongs with the move before it (or the game, before move 1).
      if (played == 0) {
        appendLine(record.info["C"], *comment);
      } else if (!comment->empty() || record.comments.size() == record.moves.size()) {
        record.comments.resize(record.moves.size());
        appendLine(record.comments.back(), *comment);
      }
    }
  }
  record.setup = setup.stones();
  return record;
}

// "W A19 (aa)": a setup stone as its error message names it.
std::string stoneName(Color c, Point p, int size) {
  return std::string(colorLetter(c)) + " " + gtpVertex(p, size) + " (" + sgfPoint(p) + ")";
}

// Places the record's setup on the game, or says why it cannot be.
std::string placeSetup(const GameRecord& record, Game& game) {
  Board trial = game.board();
  std::vector<Point> black;
  std::vector<Point> white;
  const int size = game.size();
  for (const auto& [color, point] : record.setup) {
    if (!isPlayer(color)) return "a setup stone has no colour";
    if (!trial.contains(point)) {
      return "setup stone " + std::string(colorLetter(color)) + " " + rowColText(point) + " is outside the " +
             boardName(size);
    }
    switch (trial.check(color, point)) {
      case RejectReason::None:
        break;
      case RejectReason::Occupied:
        return "setup stone " + stoneName(color, point, size) + " is on a point already taken";
      default:
        return "setup stone " + stoneName(color, point, size) + " has no liberties";
    }
    if (trial.play(color, trial.vertex(point)) > 0) {
      return "setup stone " + stoneName(color, point, size) + " leaves stones of the other colour without liberties";
    }
    (color == Color::Black ? black : white).push_back(point);
  }
  // The trial above accepted every stone in order; a position without captures is valid in any order.
  if (!black.empty() && !game.addSetupStones(Color::Black, black)) return "the black setup stones cannot be placed";
  if (!white.empty() && !game.addSetupStones(Color::White, white)) return "the white setup stones cannot be placed";
  return {};
}

}  // namespace

Result<std::vector<Point>> expandPoints(std::string_view value, int size) {
  using R = Result<std::vector<Point>>;
  try {
    const std::string_view text = trim(value);
    const std::size_t colon = text.find(':');
    const Result<Point> first = onePoint(trim(text.substr(0, colon)), size);
    if (!first) return R::failure(first.error());
    if (colon == std::string_view::npos) return std::vector<Point>{first.value()};
    const Result<Point> second = onePoint(trim(text.substr(colon + 1)), size);
    if (!second) return R::failure(second.error());
    // FF[4] writes the upper-left corner first; either order is read.
    const int top = std::min(first->row, second->row);
    const int bottom = std::max(first->row, second->row);
    const int left = std::min(first->col, second->col);
    const int right = std::max(first->col, second->col);
    std::vector<Point> points;
    points.reserve(static_cast<std::size_t>(bottom - top + 1) * (right - left + 1));
    for (int row = top; row <= bottom; ++row) {
      for (int col = left; col <= right; ++col) points.push_back({row, col});
    }
    return points;
  } catch (const std::exception& e) {
    return R::failure(std::string("cannot expand a point list: ") + e.what());
  }
}

Result<GameRecord> readRecord(NodeView root) {
  try {
    return readRecordUnguarded(root);
  } catch (const std::exception& e) {
    return Result<GameRecord>::failure(std::string("cannot read the record: ") + e.what());
  }
}

std::string describe(const IllegalMove& illegal, int size) {
  return "move " + std::to_string(illegal.moveNumber) + " (" + std::string(colorLetter(illegal.move.color)) + " " +
         gtpMove(illegal.move, size) + "): " + std::string(reasonCode(illegal.reason));
}

Replay replay(const GameRecord& record, std::optional<Rules> rules) {
  Replay out;
  GameConfig config = record.config;
  if (rules) config.rules = *rules;
  if (const Result<GameConfig> valid = Game::validate(config); !valid) {
    out.setupError = "the record's settings cannot make a game: " + valid.error();
    return out;
  }
  out.game = Game(config);
  out.setupError = placeSetup(record, out.game);
  if (!out.setupError.empty()) {
    out.game = Game(config);
    return out;
  }

  // PL when given; otherwise whoever plays first, or White after a handicap (HA) with no moves yet.
  std::optional<Color> first = record.firstToMove;
  if (!first && !record.moves.empty()) first = record.moves.front().color;
  if (!first) {
    const auto ha = record.info.find("HA");
    const std::optional<int> handicap = ha == record.info.end() ? std::nullopt : smallNumber(trim(ha->second));
    if (handicap && *handicap >= 2) first = Color::White;
  }
  if (first && isPlayer(*first)) out.game.setToMove(*first);
  out.game.setStrictTurn(false);

  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    const Move& move = record.moves[i];
    // A record may go on after two passes (a disputed end, GNU Go's aftermath play-out): the game resumes.
    const RejectReason reason = out.game.playRecorded(move);
    if (reason != RejectReason::None) {
      out.illegal = IllegalMove{static_cast<int>(i) + 1, move, reason};
      break;
    }
  }
  return out;
}

Node gameRoot(const Game& game, const std::map<std::string, std::string>& info) {
  Node root;
  root.set("GM", "1");
  root.set("FF", "4");
  root.set("CA", "UTF-8");
  root.set("AP", "tengen:" TENGEN_VERSION);
  root.set("SZ", std::to_string(game.size()));
  root.set("KM", komiText(game.komi()));
  root.set("RU", std::string(ruValue(game.config().rules)));
  if (game.config().handicap > 0) root.set("HA", std::to_string(game.config().handicap));

  const std::vector<Move>& moves = game.moves();
  if (!game.setupStones().empty()) {
    // Readers guess the side to move after setup stones differently; say it.
    const Color first = moves.empty() ? game.toMove() : moves.front().color;
    root.set("PL", std::string(colorLetter(first)));
  } else if (moves.empty() && game.toMove() == Color::White) {
    root.set("PL", "W");
  }
  Property black{"AB", {}};
  Property white{"AW", {}};
  for (const auto& [color, point] : game.setupStones()) {
    (color == Color::Black ? black : white).values.push_back(sgfPoint(point));
  }
  if (!black.values.empty()) root.properties.push_back(std::move(black));
  if (!white.values.empty()) root.properties.push_back(std::move(white));
  if (game.phase() == Phase::Finished && !game.result().empty()) root.set("RE", game.result());
  for (const auto& [id, value] : info) {
    if (isPropertyId(id) && !isStructural(id)) root.set(id, value);
  }
  return root;
}

std::string writeGame(const Game& game, const std::map<std::string, std::string>& info,
                      const std::vector<std::string>& comments,
                      const std::vector<std::map<std::string, std::string>>& moveProperties) {
  Node root = gameRoot(game, info);
  const std::vector<Move>& moves = game.moves();
  Node* last = &root;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Move& move = moves[i];
    const std::string* comment = i < comments.size() && !comments[i].empty() ? &comments[i] : nullptr;
    // SGF has no resignation move: RE says it, and only its comment needs a node.
    if (move.kind == MoveKind::Resign && !comment) continue;
    last->children.push_back(std::make_unique<Node>());
    last = last->children.back().get();
    if (move.kind != MoveKind::Resign) {
      last->set(colorLetter(move.color), move.kind == MoveKind::Play ? sgfPoint(move.point) : std::string());
    }
    if (comment) last->set("C", *comment);
    if (move.kind == MoveKind::Resign || i >= moveProperties.size()) continue;
    for (const auto& [id, value] : moveProperties[i]) {
      if (isPropertyId(id) && !isStructural(id) && id != "C") last->set(id, value);
    }
  }
  return write(root);
}

}  // namespace tengen::sgf
