#include "tengen/sources/model_request.h"

#include <algorithm>
#include <utility>

#include "tengen/core/coords.h"
#include "tengen/core/sha256.h"

namespace tengen::sources {

namespace {

using ai::Rejection;

}  // namespace

BoardImageOptions modelImageOptions(CoordFormat format) {
  BoardImageOptions options;
  options.rowColLabels = format == CoordFormat::RowCol;
  return options;
}

Result<ModelPrompter> ModelPrompter::make(const ModelOptions& options) {
  using R = Result<ModelPrompter>;
  ModelPrompter prompter;
  prompter.m_format = options.coords;
  prompter.m_image = options.image;
  if (options.promptTemplatePath.empty()) {
    prompter.m_template = defaultPromptTemplate();
    return prompter;
  }
  Result<PromptTemplate> loaded = loadPromptTemplate(options.promptTemplatePath);
  if (!loaded) {
    // The loader names the line; the file is named here when it does not already.
    const std::string& why = loaded.error();
    return R::failure(why.find(options.promptTemplatePath) != std::string::npos
                          ? why
                          : "--prompt-template " + options.promptTemplatePath + ": " + why);
  }
  prompter.m_template = std::move(loaded).value();
  return prompter;
}

const std::string& ModelPrompter::picture(const Game& game) {
  // The picture shows the stones and the last move, so those (as text, never a hash) say when it can be reused.
  std::string key = game.board().toAscii();
  if (!game.moves().empty()) {
    const Move& last = game.moves().back();
    key += std::string(colorLetter(last.color)) + gtpMove(last, game.size());
  }
  if (key != m_imageKey || m_png.empty()) {
    if (!m_renderer) m_renderer = std::make_unique<BoardRenderer>(modelImageOptions(m_format));
    m_png = m_renderer->png(game);
    m_pngSha256 = sha256Hex(m_png);
    m_imageKey = std::move(key);
  }
  return m_png;
}

ModelTurn ModelPrompter::turn(const Game& game, Color color, const std::vector<Rejection>& rejected) {
  Prompt prompt = buildPrompt(m_template, game, color, rejected, m_format);
  ModelTurn turn;
  turn.system = std::move(prompt.system);
  turn.user = std::move(prompt.user);
  if (m_image) {
    turn.png = picture(game);
    turn.pngSha256 = m_pngSha256;
  }
  return turn;
}

std::optional<PictureCheck> redrawPicture(const std::vector<ai::Attempt>& attempts, std::string_view coords,
                                          const Game& before) {
  const auto shown = std::find_if(attempts.begin(), attempts.end(),
                                  [](const ai::Attempt& attempt) { return !attempt.imageSha256.empty(); });
  if (shown == attempts.end()) return std::nullopt;
  ModelOptions options;
  options.image = true;
  if (const std::optional<CoordFormat> format = parseCoordFormat(coords)) options.coords = *format;
  Result<ModelPrompter> made = ModelPrompter::make(options);
  if (!made) return std::nullopt;
  ModelPrompter prompter = std::move(made).value();
  PictureCheck check;
  check.png = prompter.picture(before);
  check.sha256 = sha256Hex(check.png);
  check.recorded = shown->imageSha256;
  return check;
}

}  // namespace tengen::sources
