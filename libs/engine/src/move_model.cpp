#include "tengen/engine/move_model.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>

#include "tengen/core/text.h"

namespace tengen::engine {

// The text of libs/engine/data/move_model.txt, generated into the build by embed_data.cmake.
extern const unsigned char kBuiltinMoveModel[];

namespace {

constexpr std::size_t kLevels = 65536;

// The pattern and shape families have a level for every move; in the others level 0 means the feature is absent.
bool alwaysPresent(int family) {
  return family == static_cast<int>(Family::Pattern) || family == static_cast<int>(Family::Shape);
}

}  // namespace

MoveModel::MoveModel() {
  for (int f = 0; f < kFamilies; ++f) {
    // The pattern family has a level per 3x3 code; shapes are kept apart; the others have a few dozen at most.
    const std::size_t levels = f == static_cast<int>(Family::Pattern) ? kLevels
                               : f == static_cast<int>(Family::Shape) ? 0
                                                                      : 128;
    m_gamma[static_cast<std::size_t>(f)].assign(levels, 1.0F);
  }
}

const MoveModel& MoveModel::builtin() {
  static const MoveModel model = [] {
    Result<MoveModel> parsed = parse(reinterpret_cast<const char*>(kBuiltinMoveModel));
    // The data is part of the source and tested; a broken file is a build defect, and all-ones is the safe model.
    return parsed ? std::move(parsed).value() : MoveModel();
  }();
  return model;
}

Result<MoveModel> MoveModel::parse(std::string_view text) {
  using R = Result<MoveModel>;
  MoveModel model;
  int lineNumber = 0;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = trim(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    ++lineNumber;
    if (line.empty() || line.front() == '#') continue;
    const auto fail = [&](const std::string& why) {
      return R::failure("line " + std::to_string(lineNumber) + ": " + why);
    };
    const std::size_t space1 = line.find(' ');
    const std::size_t space2 = space1 == std::string_view::npos ? space1 : line.find(' ', space1 + 1);
    if (space2 == std::string_view::npos) return fail("expected FAMILY LEVEL GAMMA");
    const std::string_view name = line.substr(0, space1);
    const std::string_view levelText = line.substr(space1 + 1, space2 - space1 - 1);
    const std::string gammaText(trim(line.substr(space2 + 1)));
    int family = -1;
    for (int f = 0; f < kFamilies; ++f) {
      if (familyName(static_cast<Family>(f)) == name) family = f;
    }
    if (family < 0) return fail("unknown family '" + std::string(name) + "'");
    std::uint32_t level = 0;
    const auto parsedLevel = std::from_chars(levelText.data(), levelText.data() + levelText.size(), level);
    const bool shape = family == static_cast<int>(Family::Shape);
    const bool inRange =
        shape ? level <= kUnknownShape : level < model.m_gamma[static_cast<std::size_t>(family)].size();
    if (parsedLevel.ec != std::errc() || parsedLevel.ptr != levelText.data() + levelText.size() || !inRange) {
      return fail("bad level '" + std::string(levelText) + "'");
    }
    char* gammaEnd = nullptr;
    const double gamma = std::strtod(gammaText.c_str(), &gammaEnd);
    if (gammaEnd == gammaText.c_str() || *gammaEnd != '\0' || !std::isfinite(gamma) || gamma <= 0) {
      return fail("bad gamma '" + gammaText + "'");
    }
    model.setGamma(static_cast<Family>(family), level, gamma);
  }
  return model;
}

std::string MoveModel::write(std::string_view comment) const {
  std::string out;
  while (!comment.empty()) {
    const std::size_t end = comment.find('\n');
    out += "# ";
    out += comment.substr(0, end);
    out += '\n';
    comment = end == std::string_view::npos ? std::string_view() : comment.substr(end + 1);
  }
  auto add = [&out](Family family, std::size_t level, float gamma) {
    char line[96];
    std::snprintf(line, sizeof line, "%s %zu %.6g\n", std::string(familyName(family)).c_str(), level,
                  static_cast<double>(gamma));
    out += line;
  };
  for (int f = 0; f < kFamilies; ++f) {
    const auto family = static_cast<Family>(f);
    if (family == Family::Shape) {
      std::vector<std::pair<std::uint32_t, float>> shapes(m_shapes.begin(), m_shapes.end());
      std::sort(shapes.begin(), shapes.end());
      for (const auto& [code, gamma] : shapes) add(family, code, gamma);
      if (m_unknownShape != 1.0F) add(family, kUnknownShape, m_unknownShape);
      continue;
    }
    const std::vector<float>& gammas = m_gamma[static_cast<std::size_t>(f)];
    for (std::size_t level = 0; level < gammas.size(); ++level) {
      if (gammas[level] != 1.0F) add(family, level, gammas[level]);
    }
  }
  return out;
}

double MoveModel::gamma(Family family, std::uint32_t level) const {
  if (family == Family::Shape) {
    const auto it = m_shapes.find(level);
    return it != m_shapes.end() ? it->second : m_unknownShape;
  }
  const std::vector<float>& gammas = m_gamma[static_cast<std::size_t>(family)];
  return level < gammas.size() ? gammas[level] : 1.0;
}

void MoveModel::setGamma(Family family, std::uint32_t level, double gamma) {
  if (family == Family::Shape) {
    if (level == kUnknownShape) {
      m_unknownShape = static_cast<float>(gamma);
    } else {
      m_shapes[level] = static_cast<float>(gamma);
    }
    return;
  }
  std::vector<float>& gammas = m_gamma[static_cast<std::size_t>(family)];
  if (level < gammas.size()) gammas[level] = static_cast<float>(gamma);
}

double MoveModel::strength(const MoveFeatures& features) const {
  double s = 1;
  for (int f = 0; f < kFamilies; ++f) {
    const std::uint32_t level = features[static_cast<std::size_t>(f)];
    if (level == 0 && !alwaysPresent(f)) continue;
    s *= gamma(static_cast<Family>(f), level);
  }
  return s;
}

}  // namespace tengen::engine
