// The text a model is asked with: the rules, komi, side to move, captures, the board as a labelled ASCII diagram,
// the moves so far, the coordinate format expected, and every point rejected this turn with the reason's words.
#pragma once

#include <string>
#include <vector>

#include "tengen/ai/move_source.h"
#include "tengen/core/game.h"
#include "tengen/core/result.h"
#include "tengen/sources/make_source.h"

namespace tengen::sources {

struct Prompt {
  std::string system;
  std::string user;
};

// A prompt template: text with {{placeholders}} (listed in docs/serving-models.md): {{size}} {{rules}} {{komi}}
// {{color}} {{opponent}} {{move_number}} {{captures_black}} {{captures_white}} {{last_move}} {{board}} {{moves}}
// {{format}} {{example}} {{rejected}} {{legal_count}}. An optional first section up to a line "---" is the system
// message.
struct PromptTemplate {
  std::string system;
  std::string user;
};

// The built-in template.
const PromptTemplate& defaultPromptTemplate();

// Reads a template file; refuses unknown placeholders and unbalanced braces, naming the line.
Result<PromptTemplate> loadPromptTemplate(const std::string& path);
Result<PromptTemplate> parsePromptTemplate(const std::string& text);

// The template as a file holds it, which parsePromptTemplate reads back as it was: the system part, a line "---" and
// the user part.
std::string formatPromptTemplate(const PromptTemplate& tmpl);

// A point of a board of this size as a model is asked to write it: "Q16" (gtp) or "(3, 15)" (rowcol).
std::string pointText(Point p, int size, CoordFormat format);

// Fills the template for `color` to move in `game`, with this turn's rejections (the retry line of `{{rejected}}` in
// docs/serving-models.md: "Your earlier answers were rejected: Q16 (stone already there), C3 (suicide). Answer with
// a different point.").
Prompt buildPrompt(const PromptTemplate& tmpl, const Game& game, Color color,
                   const std::vector<ai::Rejection>& rejected, CoordFormat format);

}  // namespace tengen::sources
