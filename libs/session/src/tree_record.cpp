#include "tengen/session/tree_record.h"

#include <algorithm>
#include <iterator>
#include <memory>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "tengen/core/coords.h"
#include "tengen/core/text.h"

namespace tengen::session {

namespace {

// The properties the start position is made of; readRecord takes them from the root and the nodes before move 1.
bool isSetupId(std::string_view id) { return id == "AB" || id == "AW" || id == "AE" || id == "PL"; }

bool isRootOnlyId(std::string_view id) {
  return isSetupId(id) || id == "GM" || id == "FF" || id == "CA" || id == "SZ" || id == "KM";
}

void appendComment(std::string& into, std::string_view comment) {
  if (comment.empty()) return;
  if (!into.empty()) into += '\n';
  into += comment;
}

// One SGF node still to be read: where it hangs in the client's tree and the game at that point. Siblings share
// one copy of the game, taken when they were found; a line takes over its parent's game, so a long line is played
// once, not copied move by move.
struct Pending {
  sgf::NodeView node;
  TreeNode* parent;
  std::shared_ptr<Game> game;
  bool mainLine;
};

class TreeReader {
 public:
  TreeReader(TreeRecord& out, int size) : m_out(out), m_size(size) {}

  void read(sgf::NodeView root) {
    // The SGF root's game information is in `info`; what else it holds stays with the client's root.
    for (const sgf::PropertyView p : root.properties()) {
      if (!isRootOnlyId(p.id()) && p.id() != "B" && p.id() != "W" && p.id() != "C" && p.values().size() != 1) {
        m_out.tree.root().properties.push_back(p.toProperty());
      }
    }
    auto game = std::make_shared<Game>(m_out.tree.start());
    game->setStrictTurn(false);
    std::vector<Pending> pending{{root, &m_out.tree.root(), std::move(game), true}};
    while (!pending.empty()) {
      Pending item = std::move(pending.back());
      pending.pop_back();
      TreeNode* attach = readNode(item, item.node == root);
      if (attach == nullptr) continue;
      const sgf::Children children = item.node.children();
      if (children.empty()) continue;
      const std::vector<sgf::NodeView> variations(std::next(children.begin()), children.end());
      if (!variations.empty()) {
        auto snapshot = std::make_shared<Game>(*item.game);
        for (auto variation = variations.rbegin(); variation != variations.rend(); ++variation) {
          pending.push_back({*variation, attach, snapshot, false});
        }
      }
      pending.push_back({children.front(), attach, std::move(item.game), item.mainLine});
    }
  }

 private:
  // Reads one node into the tree: a child of item.parent for a move, else its comment and properties go to
  // item.parent. Answers what its children hang from, or null when the line is cut here.
  TreeNode* readNode(Pending& item, bool sgfRoot) {
    const sgf::Properties properties = item.node.properties();
    std::optional<sgf::PropertyView> moveProperty;
    for (const sgf::PropertyView p : properties) {
      if (p.id() != "B" && p.id() != "W") continue;
      if (moveProperty) return cut(item, TreeCut::Why::BothColours);
      moveProperty = p;
    }
    // Only the main line's nodes before move 1 may place stones: the start position is the same for every line.
    const bool setupHere = std::any_of(properties.begin(), properties.end(),
                                       [](const sgf::PropertyView p) { return isSetupId(p.id()) && p.id() != "PL"; });
    if (setupHere && !(item.mainLine && item.parent->parent == nullptr)) {
      return cut(item, TreeCut::Why::SetupStones);
    }
    TreeNode* target = item.parent;
    if (moveProperty) {
      const std::optional<Move> move = readMove(*moveProperty);
      if (!move) {
        return cut(item, TreeCut::Why::NotAMove, RejectReason::None,
                   std::string(moveProperty->id()) + "[" + std::string(moveProperty->values().front()) + "]");
      }
      if (item.game.use_count() > 1) item.game = std::make_shared<Game>(*item.game);
      Game& game = *item.game;
      const RejectReason reason = game.playRecorded(*move);
      if (reason != RejectReason::None) {
        return cut(item, TreeCut::Why::Illegal, reason,
                   std::string(colorLetter(move->color)) + " " + gtpMove(*move, m_size));
      }
      target = &m_out.tree.addChild(*item.parent, *move);
    }
    for (const sgf::PropertyView p : properties) {
      if (p.id() == "B" || p.id() == "W") continue;
      if (p.id() == "C") {
        for (const std::string_view value : p.values()) appendComment(target->comment, value);
      } else if (target->parent == nullptr ? !sgfRoot && !isRootOnlyId(p.id()) : !sgfRoot) {
        // The root's own properties were sorted out in read(); a move of the SGF root keeps only its comment.
        target->properties.push_back(p.toProperty());
      }
    }
    return target;
  }

  std::optional<Move> readMove(sgf::PropertyView p) const {
    if (p.values().size() != 1) return std::nullopt;
    const Result<ParsedVertex> vertex = parseSgfPoint(trim(p.values().front()), m_size);
    if (!vertex) return std::nullopt;
    const Color color = p.id() == "B" ? Color::Black : Color::White;
    return vertex->kind == MoveKind::Play ? Move::play(color, vertex->point) : Move::pass(color);
  }

  // Keeps the line up to the node before this one; the first cut in the tree is the one reported.
  // `move` names the node's move as the message shows it ("W E5"), when it has one.
  TreeNode* cut(const Pending& item, TreeCut::Why why, RejectReason reason = RejectReason::None,
                std::string move = {}) {
    if (!m_out.cut) {
      m_out.cut = TreeCut{why, reason, GameTree::depth(*item.parent) + 1, std::move(move), item.mainLine};
    }
    return nullptr;
  }

  TreeRecord& m_out;
  int m_size;
};

}  // namespace

std::string describe(const TreeCut& cut) {
  std::string why;
  switch (cut.why) {
    case TreeCut::Why::BothColours:
      why = "a node holds both B and W";
      break;
    case TreeCut::Why::SetupStones:
      why = "setup stones (AB, AW, AE) in a variation or after a move are not supported";
      break;
    case TreeCut::Why::NotAMove:
      why = "not a move on this board";
      break;
    case TreeCut::Why::Illegal:
      why = std::string(reasonWords(cut.reason));
      break;
  }
  const std::string number = std::to_string(cut.moveNumber);
  const std::string where = "move " + number + (cut.move.empty() ? "" : " (" + cut.move + ")");
  const std::string kept = std::to_string(cut.moveNumber - 1);
  return cut.mainLine ? where + ": " + why + "; loaded up to move " + kept
                      : "a variation's " + where + ": " + why + "; the variation is kept up to move " + kept;
}

Result<TreeRecord> readTreeRecord(const std::string& text) {
  const Result<sgf::Collection> collection = sgf::parse(text);
  if (!collection) return Result<TreeRecord>::failure(collection.error());
  return readTreeRecord(collection.value());
}

Result<TreeRecord> readTreeRecord(const sgf::Collection& collection) {
  using R = Result<TreeRecord>;
  if (collection.games().empty()) return R::failure("no game in the file");
  const sgf::NodeView root = collection.games().front();
  Result<sgf::GameRecord> record = sgf::readRecord(root);
  if (!record) return R::failure(record.error());
  // The start position: the record's setup and side to move, as replay() works them out, before any move.
  sgf::GameRecord start = record.value();
  if (!start.firstToMove && !start.moves.empty()) start.firstToMove = start.moves.front().color;
  start.moves.clear();
  const sgf::Replay replayed = sgf::replay(start);
  if (!replayed.setupError.empty()) return R::failure(replayed.setupError);
  TreeRecord out{GameTree(replayed.game), std::move(record->info), std::nullopt};
  out.info.erase("C");
  TreeReader(out, replayed.game.size()).read(root);

  // SGF has no resignation move, only RE; a record of a resigned game must not come back as a game in play, nor
  // one lost on time (RE[W+T], or W+Time as some programs write it).
  const auto result = out.info.find("RE");
  TreeNode& end = *out.tree.find(out.tree.mainLineEnd().id);
  if (result != out.info.end() && result->second.size() >= 3 &&
      (result->second[0] == 'B' || result->second[0] == 'W') && out.tree.gameAt(end).phase() == Phase::Playing) {
    const Color loser = result->second[0] == 'B' ? Color::White : Color::Black;
    const std::string how = result->second.substr(1);
    if (how == "+R") {
      out.tree.addChild(end, Move::resign(loser));
    } else if (how == "+T" || how == "+Time") {
      end.lostOnTime = loser;
    }
  }
  return out;
}

std::string writeTreeRecord(const GameTree& tree, const std::map<std::string, std::string>& info) {
  sgf::Node root = sgf::gameRoot(tree.gameAt(tree.mainLineEnd()), info);
  if (!tree.root().comment.empty()) root.set("C", tree.root().comment);
  root.properties.insert(root.properties.end(), tree.root().properties.begin(), tree.root().properties.end());
  // Without recursion, as the SGF library writes, so a line of any length fits on the stack.
  std::vector<std::pair<const TreeNode*, sgf::Node*>> pending{{&tree.root(), &root}};
  while (!pending.empty()) {
    const auto [from, to] = pending.back();
    pending.pop_back();
    for (const std::unique_ptr<TreeNode>& child : from->children) {
      const Move& move = *child->move;
      // SGF has no resignation move: RE says it, and only its comment and properties need a node.
      if (move.kind == MoveKind::Resign && child->comment.empty() && child->properties.empty()) continue;
      to->children.push_back(std::make_unique<sgf::Node>());
      sgf::Node& out = *to->children.back();
      if (move.kind != MoveKind::Resign) {
        out.set(colorLetter(move.color), move.kind == MoveKind::Play ? sgfPoint(move.point) : std::string());
      }
      if (!child->comment.empty()) out.set("C", child->comment);
      out.properties.insert(out.properties.end(), child->properties.begin(), child->properties.end());
      pending.emplace_back(child.get(), &out);
    }
  }
  return sgf::write(root);
}

}  // namespace tengen::session
