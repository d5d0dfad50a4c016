#include "pending_line.h"

#include <utility>

#include "tengen/core/text.h"
#include "tengen/gtp/command.h"

namespace tengen::gtp {

PendingLine::PendingLine(std::istream& in, std::size_t maxBytes, std::function<void()> onInterrupt)
    : m_reader([this, &in, maxBytes, onInterrupt = std::move(onInterrupt)] {
        std::optional<InputLine> read = readInputLine(in, maxBytes);
        // The lines GTP ignores (parseCommand answers nothing for them); a controller may end its lines "\r\n".
        while (onInterrupt && read && !read->tooLong && !parseCommand(read->text)) {
          if (trim(read->text) == "# interrupt") onInterrupt();
          read = readInputLine(in, maxBytes);
        }
        const std::lock_guard lock(m_mutex);
        m_line = std::move(read);
        m_arrived = true;
        m_arrival.notify_all();
      }) {}

PendingLine::~PendingLine() { m_reader.join(); }

bool PendingLine::arrived() const {
  const std::lock_guard lock(m_mutex);
  return m_arrived;
}

void PendingLine::wait() const {
  std::unique_lock lock(m_mutex);
  m_arrival.wait(lock, [this] { return m_arrived; });
}

std::optional<InputLine> PendingLine::take() {
  std::unique_lock lock(m_mutex);
  m_arrival.wait(lock, [this] { return m_arrived; });
  return std::move(m_line);
}

}  // namespace tengen::gtp
