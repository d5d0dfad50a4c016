// What a model is asked about one position: the system and user text of the prompt template and the board's
// picture, made in one place so that play, `tengen eval` and the training data of `tengen dataset` send a model the
// very same thing (docs/model-loop.md).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tengen/ai/move_source.h"
#include "tengen/ai/referee.h"
#include "tengen/core/game.h"
#include "tengen/core/result.h"
#include "tengen/sources/board_image.h"
#include "tengen/sources/make_source.h"
#include "tengen/sources/prompt.h"

namespace tengen::sources {

// One request's turns, before they become JSON.
struct ModelTurn {
  std::string system;              // "" when the template has no system part
  std::string user;                // the user's words
  std::optional<std::string> png;  // the picture's bytes, when the model is shown one
  std::string pngSha256;           // of png, "" when none
  // The prompt as the error log and attempts keep it: the system text, a blank line, the user's.
  std::string promptText() const { return system.empty() ? user : system + "\n\n" + user; }
};

// The picture options a coordinate format implies: rowcol prompts get the 0-based indices drawn on the board too.
BoardImageOptions modelImageOptions(CoordFormat format);

class ModelPrompter {
 public:
  // Reads --coords, --image and --prompt-template of `options`; an unknown format or a bad template is refused
  // with the reason (the template's own errors name its file and line).
  static Result<ModelPrompter> make(const ModelOptions& options);

  CoordFormat format() const { return m_format; }

  // The turns for `color` to move in `game`, naming this turn's rejections. The picture is drawn again only when
  // the stones or the last move changed since the previous call (the retries of one move share it).
  ModelTurn turn(const Game& game, Color color, const std::vector<ai::Rejection>& rejected);

  // The picture alone, as turn() draws it (for checking a logged picture's hash).
  const std::string& picture(const Game& game);

 private:
  PromptTemplate m_template;
  CoordFormat m_format = CoordFormat::Gtp;
  bool m_image = true;
  // The last picture drawn and what it showed: drawing and compressing the PNG is most of tengen's own cost per
  // request.
  std::string m_imageKey;
  std::unique_ptr<BoardRenderer> m_renderer;  // keeps the drawn board and stones between moves
  std::string m_png;
  std::string m_pngSha256;
};

// A picture a model was shown, drawn again and checked against the hash its attempt recorded when it was sent: the
// picture itself is never kept, in the error log or in a record (tengen-qt's "What the AI saw").
struct PictureCheck {
  std::string png;       // the picture drawn again
  std::string sha256;    // its hash
  std::string recorded;  // the hash the attempt recorded
  bool matches() const { return sha256 == recorded; }
};

// The picture the first of `attempts` that was shown one was shown, drawn again for `before` (the position the AI
// was asked about) in the coordinate format the record names (`coords`: "gtp" or "rowcol"); nothing when no picture
// was sent (an engine, or a model asked without one).
std::optional<PictureCheck> redrawPicture(const std::vector<ai::Attempt>& attempts, std::string_view coords,
                                          const Game& before);

}  // namespace tengen::sources
