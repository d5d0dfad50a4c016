// The next line of a GTP session, read on a thread of its own while a command streams its answer (lz-analyze), so
// that the stream ends as soon as the controller sends anything.
#pragma once

#include <condition_variable>
#include <istream>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace tengen::gtp {

class PendingLine {
 public:
  // Starts reading one line from `in`, which nothing else may read until the line has arrived.
  explicit PendingLine(std::istream& in);
  // Waits for the line: it must come (or the input end) for the reading thread to end.
  ~PendingLine();
  PendingLine(const PendingLine&) = delete;
  PendingLine& operator=(const PendingLine&) = delete;

  // Whether the line, or the end of the input, has arrived.
  bool arrived() const;
  // Waits until it has, and returns the line; nothing at the end of the input.
  std::optional<std::string> take();

 private:
  mutable std::mutex m_mutex;
  std::condition_variable m_arrival;
  bool m_arrived = false;
  std::optional<std::string> m_line;
  std::thread m_reader;  // last, so that it starts once the rest is ready
};

}  // namespace tengen::gtp
