#include <optional>
#include <string>
#include <string_view>

#include "tengen/core/text.h"
#include "tengen/net/http_client.h"

namespace tengen::net {

std::optional<std::string> HttpResponse::header(std::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (equalsIgnoringCase(key, name)) return value;
  }
  return std::nullopt;
}

}  // namespace tengen::net
