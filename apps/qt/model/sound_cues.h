// When the client makes a sound (docs/client.md): a stone placed, a capture, and each whole second of the last ten
// of the running clock's main time or period. It only decides; widgets/sound_player.h plays.
#pragma once

#include <QObject>
#include <cstdint>
#include <optional>

#include "tengen/core/types.h"

namespace tengen::qt {

class GameController;

enum class Sound : std::uint8_t { Stone, Capture, Tick };

class SoundCues : public QObject {
  Q_OBJECT

 public:
  explicit SoundCues(const GameController& controller, QObject* parent = nullptr);

 signals:
  void cue(tengen::qt::Sound sound);

 private:
  void onChanged();
  void onTicked();

  const GameController& m_controller;
  int m_moveCount = 0;
  int m_captures = 0;
  // The running side and the second of its last ten last ticked, so that each second ticks once.
  std::optional<Color> m_tickedSide;
  std::int64_t m_tickedSecond = 0;
};

}  // namespace tengen::qt
