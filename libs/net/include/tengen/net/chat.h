// One request to an OpenAI-compatible chat-completions endpoint (vLLM, llama.cpp's llama-server, Ollama), with the
// transport retries of docs/serving-models.md: bounded attempts with backoff on connection errors, 5xx and 429
// (honouring Retry-After). The API key goes only into the Authorization header and is never part of any message.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tengen/core/result.h"
#include "tengen/net/http_client.h"

namespace tengen::net {

enum class Constraint { None, Regex, Choice };

// How a constraint is asked for; servers differ (docs/serving-models.md).
enum class ConstraintApi {
  VllmStructuredOutputs,  // {"structured_outputs": {"regex": ...} | {"choice": [...]}} (vLLM >= 0.10)
  VllmGuided,             // {"guided_regex": ...} | {"guided_choice": [...]} (older vLLM)
  LlamaCppGrammar,        // {"grammar": "<GBNF>"} (llama.cpp's llama-server)
};

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
  int maxTransportAttempts = 4;  // connection errors, 5xx and 429 are tried again up to this many times
  double backoffSeconds = 0.5;   // doubled after each retry; Retry-After wins when given (capped)
  double maxRetryAfterSeconds = 30;
  std::size_t maxResponseBytes = std::size_t{4} * 1024 * 1024;
};

struct ChatReply {
  std::string content;  // choices[0].message.content
  int httpStatus = 200;
  long latencyMs = 0;  // of the request that answered
  int transportAttempts = 1;
};

struct ChatFailure {
  std::string message;  // for a person; never holds the key
  int httpStatus = 0;   // the last status seen, 0 when none
};

// What the chat client waits with between retries; tests pass one that records instead of sleeping.
using Sleeper = std::function<void(double seconds)>;

// The request body as JSON text (exposed for tests and the error log).
std::string chatRequestBody(const ChatRequest& request);

// Sends the request, retrying transport failures as ChatRequest says. A 200 whose body is not JSON, has no
// choices or no message content is a failure too (the server is not speaking the protocol); so is any other 4xx.
// On failure the Result's error is the ChatFailure's message; `failure`, when given, receives the details.
Result<ChatReply> complete(HttpClient& http, const ChatRequest& request, const Sleeper& sleep,
                           ChatFailure* failure = nullptr);

}  // namespace tengen::net
