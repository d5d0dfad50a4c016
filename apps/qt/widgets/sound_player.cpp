#include "widgets/sound_player.h"

#include <QAudioSink>
#include <QMediaDevices>
#include <QtDebug>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <vector>

namespace tengen::qt {

namespace {

constexpr int kSampleRate = 22050;

// A wooden click: two partials and a burst of noise, all dying away within a few milliseconds.
void addClick(std::vector<double>& out, int sampleRate, double startSeconds, double pitch, double gain) {
  std::uint32_t noise = 12345;  // a fixed seed: the same click every time
  const auto start = static_cast<std::size_t>(startSeconds * sampleRate);
  for (std::size_t i = start; i < out.size(); ++i) {
    const double t = static_cast<double>(i - start) / sampleRate;
    noise = noise * 1664525U + 1013904223U;
    const double white = static_cast<double>(noise >> 8) / static_cast<double>(1U << 24) * 2.0 - 1.0;
    const double tone =
        std::sin(2 * std::numbers::pi * pitch * t) + 0.5 * std::sin(2 * std::numbers::pi * pitch * 1.7 * t);
    out[i] += gain * (0.6 * tone * std::exp(-t / 0.008) + 0.5 * white * std::exp(-t / 0.002));
  }
}

QByteArray toPcm(const std::vector<double>& samples) {
  QByteArray pcm;
  pcm.reserve(static_cast<qsizetype>(samples.size() * 2));
  for (const double s : samples) {
    const auto v = static_cast<std::int16_t>(std::lround(std::clamp(s, -1.0, 1.0) * 32000.0));
    pcm.append(static_cast<char>(v & 0xff));
    pcm.append(static_cast<char>((v >> 8) & 0xff));
  }
  return pcm;
}

}  // namespace

QByteArray soundSamples(Sound sound, int sampleRate) {
  const auto length = [sampleRate](double seconds) { return static_cast<std::size_t>(seconds * sampleRate); };
  std::vector<double> out;
  switch (sound) {
    case Sound::Stone:
      out.assign(length(0.06), 0.0);
      addClick(out, sampleRate, 0, 1800, 0.8);
      break;
    case Sound::Capture:
      out.assign(length(0.22), 0.0);
      for (int i = 0; i < 3; ++i) addClick(out, sampleRate, 0.07 * i, 1500 - 150 * i, 0.6 - 0.1 * i);
      break;
    case Sound::Tick: {
      out.assign(length(0.025), 0.0);
      const double fade = 0.002 * sampleRate;
      for (std::size_t i = 0; i < out.size(); ++i) {
        const double edge = std::min({1.0, static_cast<double>(i) / fade, static_cast<double>(out.size() - i) / fade});
        out[i] = 0.4 * edge * std::sin(2 * std::numbers::pi * 1000.0 * static_cast<double>(i) / sampleRate);
      }
      break;
    }
  }
  return toPcm(out);
}

SoundPlayer::SoundPlayer(QObject* parent) : QObject(parent) {
  m_format.setSampleRate(kSampleRate);
  m_format.setChannelCount(1);
  m_format.setSampleFormat(QAudioFormat::Int16);
  // Qt's audio backend warns in its own words when no sound server runs; the one line below says it instead.
  const QtMessageHandler previous = qInstallMessageHandler([](QtMsgType, const QMessageLogContext&, const QString&) {});
  m_device = QMediaDevices::defaultAudioOutput();
  qInstallMessageHandler(previous);
  if (m_device.isNull() || !m_device.isFormatSupported(m_format)) {
    // Not an error to show anyone: the game is the same without sound.
    qInfo("tengen-qt: no audio output for 16-bit mono sound; playing without sound");
    m_device = QAudioDevice();
    return;
  }
  for (const Sound sound : {Sound::Stone, Sound::Capture, Sound::Tick}) {
    m_samples[static_cast<std::size_t>(sound)] = soundSamples(sound, kSampleRate);
  }
}

SoundPlayer::~SoundPlayer() {
  if (m_sink) m_sink->stop();
}

void SoundPlayer::play(Sound sound) {
  if (!m_enabled || !available()) return;
  if (m_sink) m_sink->stop();
  m_buffer.close();
  m_buffer.setData(m_samples[static_cast<std::size_t>(sound)]);
  m_buffer.open(QIODevice::ReadOnly);
  if (!m_sink) m_sink = std::make_unique<QAudioSink>(m_device, m_format);
  m_sink->start(&m_buffer);
}

}  // namespace tengen::qt
