// Option helpers that every subcommand shares.
#pragma once

#include <CLI/CLI.hpp>

namespace tengen::cli {

// Refuses a value that starts with '-': CLI11 would otherwise wrap "-3" around into a huge unsigned seed.
CLI::Validator notNegative();

}  // namespace tengen::cli
