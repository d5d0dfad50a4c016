// One request to an OpenAI-compatible chat-completions endpoint (vLLM, llama.cpp's llama-server, Ollama), with the
// transport retries of docs/serving-models.md: bounded attempts with backoff on connection errors, 5xx and 429
// (honouring Retry-After). The API key goes only into the Authorization header and is never part of any message.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "tengen/ai/move_source.h"
#include "tengen/core/result.h"
#include "tengen/net/http_client.h"

namespace tengen::sources {

enum class Constraint { None, Regex, Choice };

// How a constraint is asked for; servers differ (docs/serving-models.md).
enum class ConstraintApi {
  VllmStructuredOutputs,  // {"structured_outputs": {"regex": ...} | {"choice": [...]}} (vLLM >= 0.10)
  VllmGuided,             // {"guided_regex": ...} | {"guided_choice": [...]} (older vLLM)
  LlamaCppGrammar,        // {"grammar": "<GBNF>"} (llama.cpp's llama-server)
};

// The most JSON values (each array, object, string, number, true, false and null) a model server's reply may hold;
// a reply with more is a failure of the server, not the model's move (docs/serving-models.md). A chat completion
// holds tens, with logprobs a few thousand; a long GET /models list some thousands.
inline constexpr std::size_t kMaxReplyValues = 100000;

struct ChatRequest {
  std::string baseUrl;  // e.g. http://127.0.0.1:8000/v1; "/chat/completions" is appended
  std::string model;    // with vLLM and a LoRA adapter: the adapter's name
  std::string apiKey;   // empty: no Authorization header
  std::string system;
  std::string userText;
  std::optional<std::string> png;  // raw PNG bytes, sent as a data:image/png;base64 image part
  std::optional<double> temperature;
  int maxTokens = 64;
  Constraint constraint = Constraint::None;
  ConstraintApi constraintApi = ConstraintApi::VllmStructuredOutputs;
  std::string regex;                 // with Constraint::Regex
  std::vector<std::string> choices;  // with Constraint::Choice
  double connectTimeoutSeconds = 10;
  double timeoutSeconds = 60;
  int maxTransportAttempts = 4;      // connection errors, 5xx and 429 are tried again up to this many times
  double backoffSeconds = 0.5;       // doubled after each retry; Retry-After wins when given (capped)
  double maxRetryAfterSeconds = 30;  // and never longer than timeoutSeconds
  std::size_t maxResponseBytes = std::size_t{4} * 1024 * 1024;
  // When a stop is requested, the request in flight is given up and none follows (HttpRequest::cancel).
  std::stop_token cancel{};
};

struct ChatReply {
  std::string content;  // choices[0].message.content
  int httpStatus = 200;
  long latencyMs = 0;  // of the request that answered
  int transportAttempts = 1;
  std::optional<ai::TokenUsage> usage;  // nothing when the reply has no usable `usage`
};

struct ChatFailure {
  std::string message;  // for a person; never holds the key
  int httpStatus = 0;   // the last status seen, 0 when none
};

// What the chat client waits with between retries; tests pass one that records instead of sleeping.
using Sleeper = std::function<void(double seconds)>;

// The request body as JSON text (exposed for tests and the error log).
std::string chatRequestBody(const ChatRequest& request);

// How the picture stands in a `messages` array written for training data (docs/model-loop.md).
struct PictureForm {
  enum class Kind {
    DataUri,    // an image_url part with the PNG as a data: URI: exactly as the request sends it
    Url,        // an image_url part whose url is `text` (a file's path)
    Marker,     // no part: the user's content is its text followed by `text` (e.g. "<image>")
    ImagePart,  // a bare {"type": "image"} part after the text part, the picture given beside the messages
  };
  Kind kind = Kind::DataUri;
  std::string text;
};

// The request body's `messages` array alone (the system turn when there is one, the user turn with its text and
// picture): with PictureForm::DataUri byte for byte as it stands in chatRequestBody, so that a model is trained on
// exactly what it is asked; the other forms change only the picture's part.
std::string chatMessagesJson(const ChatRequest& request, const PictureForm& picture = {});

// Sends the request, retrying transport failures as ChatRequest says. A 200 whose body is not JSON, has no
// choices or no message content is a failure too (the server is not speaking the protocol); so is any other 4xx.
// On failure the Result's error is the ChatFailure's message; `failure`, when given, receives the details.
Result<ChatReply> complete(net::HttpClient& http, const ChatRequest& request, const Sleeper& sleep,
                           ChatFailure* failure = nullptr);

// Where a server lists its models: GET BASE_URL/models (OpenAI, vLLM, llama.cpp's llama-server, Ollama).
struct ModelListRequest {
  std::string baseUrl;  // e.g. http://127.0.0.1:8000/v1; "/models" is appended
  std::string apiKey;   // empty: no Authorization header
  double connectTimeoutSeconds = 10;
  double timeoutSeconds = 30;
  std::stop_token cancel{};
};

// The `id` of every entry in the reply's `data` array, in the server's order. A server that cannot be reached,
// times out or answers 5xx is ErrorKind::Unreachable; one that answers but lists nothing usable (404, 405, a reply
// that is not a model list, 401 or 403) is ErrorKind::Invalid: the model has to be named. An empty list is a
// success: the caller says what that means.
Result<std::vector<std::string>> listModels(net::HttpClient& http, const ModelListRequest& request);

}  // namespace tengen::sources
