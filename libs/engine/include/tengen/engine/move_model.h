// The learned move model: a weight ("gamma", an Elo-like strength) for every level of every feature family of
// move_features.h. A move's strength is the product of its features' gammas; among the candidates of a position,
// the chance that a strong player chooses it is its strength over their sum. The weights the engine ships are in
// libs/engine/data/move_model.txt, learned from game records by tools/learn_move_model (docs/engine.md says how to
// rebuild them).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "tengen/core/result.h"
#include "tengen/engine/move_features.h"

namespace tengen::engine {

class MoveModel {
 public:
  // Every gamma 1: all moves alike.
  MoveModel();

  // The model built into the engine.
  static const MoveModel& builtin();

  // Reads the text of a model file: lines `FAMILY LEVEL GAMMA` (family names as familyName() gives them; levels
  // below 65536, or any 24-bit code and kUnknownShape for shapes; gammas positive), blank lines and `#` comments.
  // Errors name the line.
  static Result<MoveModel> parse(std::string_view text);

  // The text parse() reads: `comment` (each line prefixed with "# "), then every gamma that is not 1, by family and
  // level, with six significant digits. The same model always gives the same bytes.
  std::string write(std::string_view comment) const;

  // A shape the model has no weight for has the weight of kUnknownShape.
  double gamma(Family family, std::uint32_t level) const;
  void setGamma(Family family, std::uint32_t level, double gamma);

  // Whether the model has a weight of its own for this shape code.
  bool knowsShape(std::uint32_t code) const { return m_shapes.count(code) != 0; }

  // The product of the features' gammas (absent features, level 0, count 1, except the pattern and shape
  // families, whose every code is a level).
  double strength(const MoveFeatures& features) const;

 private:
  std::array<std::vector<float>, kFamilies> m_gamma;  // dense levels (the shape family uses m_shapes)
  std::unordered_map<std::uint32_t, float> m_shapes;
  float m_unknownShape = 1.0F;
};

}  // namespace tengen::engine
