// The `openai:BASE_URL` source: a model behind an OpenAI-compatible chat-completions API (vLLM, llama.cpp's
// llama-server, Ollama), asked with the prompt, optionally the board's PNG and a structured-output constraint.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tengen/ai/move_source.h"
#include "tengen/core/game.h"
#include "tengen/core/result.h"
#include "tengen/net/http_client.h"
#include "tengen/sources/chat.h"
#include "tengen/sources/make_source.h"
#include "tengen/sources/model_request.h"
#include "tengen/sources/prompt.h"

namespace tengen::sources {

class ModelSource : public ai::MoveSource {
 public:
  // Checks the options and loads the prompt template; `spec` is the whole ENGINE spec, `baseUrl` what follows
  // "openai:". A null `http` means the real libcurl client; a null `sleep` means really sleeping between
  // transport retries. The API key is read from the environment variable ModelOptions::apiKeyEnv now.
  static Result<std::unique_ptr<ModelSource>> make(std::string_view spec, std::string_view baseUrl,
                                                   const SourceOptions& options,
                                                   std::unique_ptr<net::HttpClient> http = nullptr,
                                                   sources::Sleeper sleep = {});

  std::string describe() const override { return m_spec; }
  Result<ai::Answer> propose(const ai::MoveRequest& request) override;

 private:
  ModelSource() = default;

  std::string m_spec;
  SourceOptions m_options;
  sources::ChatRequest m_base;  // everything but the position's parts
  bool m_modelsAsked = false;   // whether the server answered GET /models, when no model was named
  ModelPrompter m_prompter;     // the position's parts: prompt text and picture
  std::unique_ptr<net::HttpClient> m_http;
  sources::Sleeper m_sleep;
};

// The regex a constrained server is given: "pass" or a point of a board of this size in the format asked for
// ("Q16" or "(3, 15)").
std::string moveRegex(int size, CoordFormat format);

// The choices a constrained server is given: every point `color` may play now in that format, then "pass".
std::vector<std::string> legalChoices(const Game& game, Color color, CoordFormat format);

}  // namespace tengen::sources
