// Words shared by the curl client and the chat client, so that the chat client can tell a failure that is worth
// retrying (connection, timeout) from one that is not (an oversized reply, which a broken server would repeat).
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

}  // namespace tengen::net::detail
