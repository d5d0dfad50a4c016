#include "tengen/core/time_control.h"

namespace tengen {

namespace {

constexpr int kMostSeconds = 86400;
constexpr int kMostCount = 1000;

}  // namespace

std::string checkTimeControl(const TimeControl& control) {
  using Kind = TimeControl::Kind;
  if (control.kind == Kind::None) return {};
  if (control.mainSeconds < 0 || control.mainSeconds > kMostSeconds) return "main time must be 0 to 86400 seconds";
  if (control.kind == Kind::Absolute) {
    return control.mainSeconds > 0 ? std::string() : "absolute time needs a main time";
  }
  if (control.periodSeconds < 1 || control.periodSeconds > kMostSeconds) {
    return "an overtime period must be 1 to 86400 seconds";
  }
  if (control.kind == Kind::ByoYomi && (control.periods < 1 || control.periods > kMostCount)) {
    return "byo-yomi needs 1 to 1000 periods";
  }
  if (control.kind == Kind::Canadian && (control.stones < 1 || control.stones > kMostCount)) {
    return "Canadian overtime needs 1 to 1000 stones per period";
  }
  return {};
}

}  // namespace tengen
