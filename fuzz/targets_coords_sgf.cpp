#include <string>
#include <string_view>

#include "tengen/core/coords.h"
#include "tengen/sgf/sgf.h"

#include "targets.h"

namespace tengen::fuzz {

namespace {

// A broken promise is a finding: stop here so that the fuzzer keeps the input.
void require(bool condition) {
  if (!condition) __builtin_trap();
}

}  // namespace

int coordinates(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const int boardSize = 2 + data[0] % 24;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);

  const auto gtp = parseGtpVertex(text, boardSize);
  require(gtp.ok() != !gtp.error().empty());
  if (gtp && gtp->kind == MoveKind::Play) {
    const auto again = parseGtpVertex(gtpVertex(gtp->point, boardSize), boardSize);
    require(again.ok() && again.value() == gtp.value());
  }
  const auto sgf = parseSgfPoint(text, boardSize);
  require(sgf.ok() != !sgf.error().empty());
  if (sgf && sgf->kind == MoveKind::Play) {
    const auto again = parseSgfPoint(sgfPoint(sgf->point), boardSize);
    require(again.ok() && again.value() == sgf.value());
  }
  const auto rowCol = parseRowCol(text, boardSize);
  require(rowCol.ok() != !rowCol.error().empty());
  if (rowCol) {
    const auto again = parseRowCol(rowColText(rowCol.value()), boardSize);
    require(again.ok() && again.value() == rowCol.value());
  }
  return 0;
}

int sgf(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto collection = sgf::parse(text);
  require(collection.ok() != !collection.error().empty());
  if (!collection) return 0;

  // Writing is a fixed point after one round: what tengen writes, it reads back to the same text.
  const std::string written = sgf::write(collection.value());
  const auto reread = sgf::parse(written);
  require(reread.ok());
  require(sgf::write(reread.value()) == written);

  for (const sgf::NodeView root : collection->games()) {
    const auto record = sgf::readRecord(root);
    require(record.ok() != !record.error().empty());
    if (!record) continue;
    const sgf::Replay replay = sgf::replay(record.value());
    const auto back = sgf::parse(sgf::writeGame(replay.game));
    require(back.ok() && back->games().size() == 1);
  }
  return 0;
}

}  // namespace tengen::fuzz
