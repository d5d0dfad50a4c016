// The command line of a learning tool, read with CLI11.
#pragma once

#include <optional>

#include <CLI/CLI.hpp>

namespace tengen::tools {

// Reads argv into `app`'s options; answers the exit code when the tool should stop there (after --help: 0; after a
// usage error, which CLI11 prints: 2), nothing when it should go on.
inline std::optional<int> parseCommandLine(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  return std::nullopt;
}

}  // namespace tengen::tools
