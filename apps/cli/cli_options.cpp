#include "cli_options.h"

#include <string>

namespace tengen::cli {

CLI::Validator notNegative() {
  return {[](const std::string& text) { return text.starts_with('-') ? std::string("must not be negative") : ""; }, "",
          "not negative"};
}

}  // namespace tengen::cli
