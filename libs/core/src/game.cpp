#include "tengen/core/game.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace tengen {

Result<std::vector<Point>> fixedHandicapPoints(int size, int handicap) {
  using R = Result<std::vector<Point>>;
  if (handicap < 2 || handicap > 9) {
    return R::failure("a fixed handicap is 2 to 9 stones, not " + std::to_string(handicap));
  }
  if (size < 7) return R::failure("fixed handicap needs a board of at least 7x7");
  // As GTP's fixed_handicap: even boards and 7x7 have no centre or side star points to use.
  const int maxStones = (size % 2 == 1 && size > 7) ? 9 : 4;
  if (handicap > maxStones) {
    return R::failure("a " + std::to_string(size) + "x" + std::to_string(size) + " board takes at most " +
                      std::to_string(maxStones) + " fixed handicap stones");
  }
  const int lo = size >= 13 ? 3 : 2;
  const int hi = size - 1 - lo;
  const int mid = size / 2;
  // Rows from the top: D4 is (hi, lo), Q16 is (lo, hi), D16 (lo, lo), Q4 (hi, hi).
  const Point d4{hi, lo}, q16{lo, hi}, d16{lo, lo}, q4{hi, hi};
  const Point d10{mid, lo}, q10{mid, hi}, k4{hi, mid}, k16{lo, mid}, k10{mid, mid};
  std::vector<Point> points = {d4, q16};
  if (handicap >= 3) points.push_back(d16);
  if (handicap >= 4) points.push_back(q4);
  if (handicap >= 6) {
    points.push_back(d10);
    points.push_back(q10);
  }
  if (handicap >= 8) {
    points.push_back(k4);
    points.push_back(k16);
  }
  if (handicap % 2 == 1 && handicap >= 5) points.push_back(k10);
  return points;
}

std::string resultString(double margin) {
  if (margin == 0) return "0";
  const double magnitude = std::fabs(margin);
  std::string number;
  if (magnitude == std::floor(magnitude)) {
    number = std::to_string(static_cast<long long>(magnitude));
  } else {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", magnitude);
    number = buf;
  }
  return std::string(margin > 0 ? "B+" : "W+") + number;
}

Result<GameConfig> Game::validate(const GameConfig& config) {
  using R = Result<GameConfig>;
  if (config.size < Board::kMinSize || config.size > Board::kMaxSize) {
    return R::failure("board size must be " + std::to_string(Board::kMinSize) + " to " +
                      std::to_string(Board::kMaxSize) + ", not " + std::to_string(config.size));
  }
  if (config.komi && (!std::isfinite(*config.komi) || std::fabs(*config.komi) > 1000)) {
    return R::failure("komi must be a finite number of at most 1000 points");
  }
  if (config.handicap != 0) {
    auto points = fixedHandicapPoints(config.size, config.handicap);
    if (!points) return R::failure(points.error());
  }
  return config;
}

Game::Game(const GameConfig& config)
    : m_config(config),
      m_ruleSet(&tengen::ruleSet(config.rules)),
      m_komi(config.komi.value_or(m_ruleSet->defaultKomi)),
      m_board(config.size) {
  assert(validate(config).ok());
  reset();
  if (config.handicap >= 2) {
    auto points = fixedHandicapPoints(config.size, config.handicap);
    addSetupStones(Color::Black, points.value());
    setToMove(Color::White);
  }
}

void Game::reset() {
  m_board.clear();
  for (const auto& [color, point] : m_setup) m_board.play(color, m_board.vertex(point));
  m_board.pass();
  m_phase = Phase::Playing;
  m_toMove = m_firstToMove;
  m_consecutivePasses = 0;
  m_result.clear();
  m_history.clear();
  m_historyStones.clear();
  m_historyFilter.reset();
  record();
}

void Game::record() {
  m_history.push_back({m_board.hash(), m_toMove});
  m_historyFilter.set(m_board.hash() & (kHistoryFilterBits - 1));
  if ((m_history.size() - 1) % kStonesEvery != 0) return;
  const int n = size();
  const std::size_t at = m_historyStones.size();
  m_historyStones.resize(at + static_cast<std::size_t>(n) * static_cast<std::size_t>(n));
  m_board.copyColors(&m_historyStones[at]);
}

void Game::historyStones(std::size_t i, std::uint8_t* out) const {
  const int n = size();
  const std::size_t area = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
  const std::size_t kept = i / kStonesEvery;
  const std::uint8_t* stones = &m_historyStones[kept * area];
  if (i % kStonesEvery == 0) {
    std::copy(stones, stones + area, out);
    return;
  }
  // The kept position's stones, placed one by one: no group of a position the rules reached lacks a liberty, so
  // none is captured on the way. Then the moves after it as they were played: m_moves[j] leads from position j to j
  // + 1.
  Board board(n);
  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n; ++col) {
      const auto color = static_cast<Color>(stones[static_cast<std::size_t>(row) * n + col]);
      if (isPlayer(color)) board.play(color, board.vertex({row, col}));
    }
  }
  for (std::size_t j = kept * kStonesEvery; j < i; ++j) {
    const Move& m = m_moves[j];
    if (m.kind == MoveKind::Play) board.play(m.color, board.vertex(m.point));
  }
  board.copyColors(out);
}

int Game::handicapStones() const {
  int black = 0;
  for (const auto& [color, point] : m_setup) {
    if (color == Color::White) return 0;
    ++black;
  }
  return black >= 2 && m_firstToMove == Color::White ? black : 0;
}

bool Game::addSetupStones(Color c, const std::vector<Point>& points) {
  if (!m_moves.empty() || !isPlayer(c)) return false;
  Board trial = m_board;
  for (const Point& p : points) {
    // A setup stone must leave a position the rules could reach: no captures, no stone without liberties.
    if (trial.check(c, p) != RejectReason::None) return false;
    if (trial.play(c, trial.vertex(p)) != 0) return false;
  }
  for (const Point& p : points) m_setup.emplace_back(c, p);
  reset();
  return true;
}

void Game::setToMove(Color c) {
  if (!m_moves.empty() || !isPlayer(c)) return;
  m_firstToMove = c;
  reset();
}

RejectReason Game::check(const Move& m, TurnRule turn) const {
  if (m_phase != Phase::Playing) return RejectReason::GameOver;
  const bool strict = turn == TurnRule::Game && m_strictTurn;
  if (!isPlayer(m.color) || (strict && m.color != m_toMove)) return RejectReason::WrongColor;
  if (m.kind != MoveKind::Play) return RejectReason::None;
  if (!m_board.contains(m.point)) return RejectReason::OutOfBounds;
  const Board::Vertex v = m_board.vertex(m.point);
  const RejectReason r = m_board.check(m.color, v, m_ruleSet->multiStoneSuicide);
  if (r != RejectReason::None) return r;
  if (m_ruleSet->ko != KoRule::Simple && repeatsEarlierPosition(m.color, v)) return RejectReason::Superko;
  return RejectReason::None;
}

bool Game::repeatsEarlierPosition(Color c, Board::Vertex v) const {
  const std::uint64_t h = m_board.hashAfter(c, v);
  if (!m_historyFilter.test(h & (kHistoryFilterBits - 1))) return false;
  const bool situational = m_ruleSet->ko == KoRule::SituationalSuperko;
  const Color nextToMove = opponent(c);
  const std::size_t area = static_cast<std::size_t>(size()) * size();
  // Made only on a hash hit, which is rare: a std::optional<Board> would clear a whole board's storage on every call
  // (GCC zero-fills an empty optional's payload), and this runs for every legality check under superko.
  std::vector<std::uint8_t> afterStones;
  std::vector<std::uint8_t> earlierStones;
  for (std::size_t i = 0; i < m_history.size(); ++i) {
    if (m_history[i].hash != h || (situational && m_history[i].toMove != nextToMove)) continue;
    // A hash hit is only a candidate: confirm it stone by stone.
    if (afterStones.empty()) {
      Board after(m_board);
      after.play(c, v);
      afterStones.resize(area);
      after.copyColors(afterStones.data());
      earlierStones.resize(area);
    }
    historyStones(i, earlierStones.data());
    if (afterStones == earlierStones) return true;
  }
  return false;
}

std::vector<Point> Game::legalPoints(Color color) const {
  std::vector<Point> points;
  if (m_phase != Phase::Playing) return points;
  for (int row = 0; row < size(); ++row) {
    for (int col = 0; col < size(); ++col) {
      if (check(Move::play(color, {row, col}), TurnRule::AnyColor) == RejectReason::None) points.push_back({row, col});
    }
  }
  return points;
}

RejectReason Game::play(const Move& m) {
  const RejectReason r = check(m);
  if (r != RejectReason::None) return r;
  apply(m);
  m_moves.push_back(m);
  return RejectReason::None;
}

RejectReason Game::playRecorded(const Move& m) {
  if (m_phase == Phase::Scoring && m.kind != MoveKind::Resign) resumePlay();
  return play(m);
}

void Game::resumePlay() {
  if (m_phase != Phase::Scoring) return;
  m_phase = Phase::Playing;
  m_consecutivePasses = 0;
}

void Game::apply(const Move& m) {
  // A move recorded after two passes was played after the game resumed; replaying it resumes again.
  resumePlay();
  switch (m.kind) {
    case MoveKind::Play:
      m_board.play(m.color, m_board.vertex(m.point));
      m_consecutivePasses = 0;
      m_toMove = opponent(m.color);
      record();
      break;
    case MoveKind::Pass:
      m_board.pass();
      m_toMove = opponent(m.color);
      record();
      if (++m_consecutivePasses >= 2) m_phase = Phase::Scoring;
      break;
    case MoveKind::Resign:
      m_phase = Phase::Finished;
      m_result = std::string(colorLetter(opponent(m.color))) + "+R";
      break;
  }
}

bool Game::undo() {
  if (m_moves.empty()) return false;
  undoTo(moveCount() - 1);
  return true;
}

void Game::undoTo(int n) {
  assert(n >= 0 && n <= moveCount());
  m_moves.resize(static_cast<std::size_t>(n));
  // Replaying from the start restores stones, chains, hash, ko point, captures and history exactly.
  reset();
  for (const Move& m : m_moves) apply(m);
}

void Game::finish(const std::vector<Point>& deadStones) {
  if (m_phase != Phase::Scoring) return;
  m_result = score(deadStones).result;
  m_phase = Phase::Finished;
}

void Game::loseOnTime(Color player) {
  if (m_phase != Phase::Playing || !isPlayer(player)) return;
  m_phase = Phase::Finished;
  m_result = std::string(colorLetter(opponent(player))) + "+T";
}

std::vector<Point> Game::chainAt(Point p) const {
  std::vector<Point> stones;
  if (!isPlayer(m_board.at(p))) return stones;
  const Board::Vertex root = m_board.chainRoot(m_board.vertex(p));
  Board::Vertex s = root;
  do {
    stones.push_back(m_board.point(s));
    s = m_board.nextInChain(s);
  } while (s != root);
  return stones;
}

}  // namespace tengen
