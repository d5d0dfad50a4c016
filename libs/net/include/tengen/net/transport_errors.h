// The words the HTTP client's failures start with, shared with the chat client (tengen/sources/chat.h), so that it can
// tell a failure that is worth retrying (a refused or broken connection) from one that is not: an oversized reply,
// which a broken server would repeat, or a request that ran out of its time, where a retry would multiply the user's
// --timeout.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tengen::net::detail {

inline std::string responseTooLarge(std::string_view url, std::size_t maxBytes) {
  return "response from " + std::string(url) + " larger than " + std::to_string(maxBytes) + " bytes";
}

inline bool isResponseTooLarge(std::string_view message) {
  return message.starts_with("response from ") && message.find(" larger than ") != std::string_view::npos &&
         message.ends_with(" bytes");
}

inline std::string timedOut(std::string_view seconds, std::string_view url) {
  return "timed out after " + std::string(seconds) + " s waiting for " + std::string(url);
}

inline bool isTimedOut(std::string_view message) {
  return message.starts_with("timed out after ") && message.find(" s waiting for ") != std::string_view::npos;
}

}  // namespace tengen::net::detail
