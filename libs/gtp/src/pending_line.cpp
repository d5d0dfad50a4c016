#include "pending_line.h"

#include <string_view>
#include <utility>

namespace tengen::gtp {

namespace {

// The line without the blanks around it (a controller may end its lines with "\r\n").
std::string_view trimmed(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

}  // namespace

PendingLine::PendingLine(std::istream& in, std::size_t maxBytes, std::function<void()> onInterrupt)
    : m_reader([this, &in, maxBytes, onInterrupt = std::move(onInterrupt)] {
        std::optional<InputLine> read = readInputLine(in, maxBytes);
        while (onInterrupt && read && !read->tooLong) {
          const std::string_view text = trimmed(read->text);
          if (!text.empty() && text.front() != '#') break;
          if (text == "# interrupt") onInterrupt();
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
