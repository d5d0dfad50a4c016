// Plays the client's sounds (model/sound_cues.h says when), synthesized at start-up into memory: no sound files.
// Where there is no audio output (offscreen tests, CI, a machine without sound) it says so once in the log and
// stays silent.
#pragma once

#include <QAudioDevice>
#include <QAudioFormat>
#include <QBuffer>
#include <QByteArray>
#include <QObject>
#include <array>
#include <memory>

#include "model/sound_cues.h"

class QAudioSink;

namespace tengen::qt {

// The samples of a sound, 16-bit signed mono at `sampleRate`, little-endian: a stone's click (60 ms), a capture's
// three clicks (220 ms), the clock's tick (25 ms).
QByteArray soundSamples(Sound sound, int sampleRate);

class SoundPlayer : public QObject {
  Q_OBJECT

 public:
  explicit SoundPlayer(QObject* parent = nullptr);
  ~SoundPlayer() override;

  void setEnabled(bool on) { m_enabled = on; }
  bool enabled() const { return m_enabled; }
  // Whether there is an audio output to play on.
  bool available() const { return !m_device.isNull(); }
  // Plays a sound when enabled and available; a sound still playing is cut short.
  void play(Sound sound);

 private:
  bool m_enabled = true;
  QAudioDevice m_device;
  QAudioFormat m_format;
  std::array<QByteArray, 3> m_samples;
  QBuffer m_buffer;
  std::unique_ptr<QAudioSink> m_sink;
};

}  // namespace tengen::qt
