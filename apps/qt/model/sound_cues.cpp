#include "model/sound_cues.h"

#include "model/game_controller.h"

namespace tengen::qt {

namespace {

constexpr std::int64_t kLastSecondsMs = 10'000;

int capturesOf(const Board& board) { return board.captures(Color::Black) + board.captures(Color::White); }

}  // namespace

SoundCues::SoundCues(const GameController& controller, QObject* parent)
    : QObject(parent),
      m_controller(controller),
      m_moveCount(controller.model().game().moveCount()),
      m_captures(capturesOf(controller.model().game().board())) {
  connect(&controller, &GameController::changed, this, &SoundCues::onChanged);
  connect(&controller.clock(), &GameClock::ticked, this, &SoundCues::onTicked);
}

void SoundCues::onChanged() {
  const Game& game = m_controller.model().game();
  const int moves = game.moveCount();
  const int captures = capturesOf(game.board());
  // One stone more than before is a move; anything else (undo, a new game, a record opened) is silent.
  if (moves == m_moveCount + 1 && game.moves().back().kind == MoveKind::Play) {
    emit cue(captures > m_captures ? Sound::Capture : Sound::Stone);
  }
  m_moveCount = moves;
  m_captures = captures;
}

void SoundCues::onTicked() {
  const GameClock& clock = m_controller.clock();
  const std::optional<Color> side = clock.running();
  if (!side) {
    m_tickedSide.reset();
    return;
  }
  const TimeLeft time = clock.time(*side);
  const std::int64_t left = time.stretchMs(clock.control());
  if (time.flagged || left <= 0 || left > kLastSecondsMs) {
    m_tickedSide.reset();
    return;
  }
  // 10 for the tenth second from the end, ..., 1 for the last.
  const std::int64_t second = (left + 999) / 1000;
  if (m_tickedSide == side && m_tickedSecond == second) return;
  m_tickedSide = side;
  m_tickedSecond = second;
  emit cue(Sound::Tick);
}

}  // namespace tengen::qt
