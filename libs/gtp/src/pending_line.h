// The next line of a GTP session, read on a thread of its own while a command runs: while lz-analyze streams its
// answer, so that the stream ends as soon as the controller sends anything, and while genmove thinks, so that
// GoGui's `# interrupt` line reaches it.
#pragma once

#include <condition_variable>
#include <functional>
#include <istream>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "input_line.h"

namespace tengen::gtp {

class PendingLine {
 public:
  // Starts reading one line from `in` (at most maxBytes of it kept, as readInputLine() does), which nothing else may
  // read until the line has arrived. With `onInterrupt`, the lines GTP ignores are not that line: a `# interrupt`
  // line calls it (on the reading thread), empty lines and other comments are dropped, and the reading goes on.
  PendingLine(std::istream& in, std::size_t maxBytes, std::function<void()> onInterrupt = {});
  // Waits for the line: it must come (or the input end) for the reading thread to end.
  ~PendingLine();
  PendingLine(const PendingLine&) = delete;
  PendingLine& operator=(const PendingLine&) = delete;

  // Whether the line, or the end of the input, has arrived.
  bool arrived() const;
  // Waits until it has.
  void wait() const;
  // Waits until it has, and returns the line; nothing at the end of the input.
  std::optional<InputLine> take();

 private:
  mutable std::mutex m_mutex;
  mutable std::condition_variable m_arrival;
  bool m_arrived = false;
  std::optional<InputLine> m_line;
  std::thread m_reader;  // last, so that it starts once the rest is ready
};

}  // namespace tengen::gtp
