// The chat-completions client: request JSON, transport retries, and reading the answer out of the reply.
#include "tengen/net/chat.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "tengen/core/text.h"

#include "transport_errors.h"

namespace tengen::net {

namespace {

// Field order kept as written, so that logged request bodies read like the API documentation.
using Json = nlohmann::ordered_json;

constexpr std::size_t kExcerptBytes = 200;

// Used by LlamaCppGrammar when the caller sends a regex and no list of points: any GTP vertex or pass.
constexpr const char* kGenericVertexGrammar = R"(root ::= "pass" | [A-HJ-Z] [1-9] [0-9]?)";

std::string dump(const Json& json) { return json.dump(-1, ' ', false, Json::error_handler_t::replace); }

std::string gbnfLiteral(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        out += c;
    }
  }
  return out + "\"";
}

// llama.cpp's GBNF cannot take vLLM's regex, so the list of points becomes an alternation when there is one.
std::string gbnf(const ChatRequest& request) {
  if (request.choices.empty()) return kGenericVertexGrammar;
  std::string grammar = "root ::= ";
  for (std::size_t i = 0; i < request.choices.size(); ++i) {
    if (i > 0) grammar += " | ";
    grammar += gbnfLiteral(request.choices[i]);
  }
  return grammar;
}

// The system turn (when there is one) and the user turn, the picture in the form asked for.
Json buildMessages(const ChatRequest& request, const PictureForm& picture = {}) {
  Json messages = Json::array();
  // Some chat templates reject a system turn, so an empty system prompt is left out rather than sent empty.
  if (!request.system.empty()) messages.push_back({{"role", "system"}, {"content", request.system}});
  Json user = {{"role", "user"}};
  using Kind = PictureForm::Kind;
  if (request.png && picture.kind == Kind::Marker) {
    user["content"] = request.userText + picture.text;
  } else if (request.png) {
    Json parts = Json::array();
    parts.push_back({{"type", "text"}, {"text", request.userText}});
    if (picture.kind == Kind::ImagePart) {
      parts.push_back({{"type", "image"}});
    } else {
      const std::string url =
          picture.kind == Kind::Url ? picture.text : "data:image/png;base64," + base64(*request.png);
      parts.push_back({{"type", "image_url"}, {"image_url", {{"url", url}}}});
    }
    user["content"] = std::move(parts);
  } else {
    user["content"] = request.userText;
  }
  messages.push_back(std::move(user));
  return messages;
}

Json buildBody(const ChatRequest& request) {
  Json body;
  body["model"] = request.model;
  body["messages"] = buildMessages(request);
  body["max_tokens"] = request.maxTokens;
  if (request.temperature) body["temperature"] = *request.temperature;

  if (request.constraint == Constraint::None) return body;
  const bool regex = request.constraint == Constraint::Regex;
  switch (request.constraintApi) {
    case ConstraintApi::VllmStructuredOutputs:
      body["structured_outputs"] = regex ? Json{{"regex", request.regex}} : Json{{"choice", request.choices}};
      break;
    case ConstraintApi::VllmGuided:
      if (regex) {
        body["guided_regex"] = request.regex;
      } else {
        body["guided_choice"] = request.choices;
      }
      break;
    case ConstraintApi::LlamaCppGrammar:
      body["grammar"] = gbnf(request);
      break;
  }
  return body;
}

std::string chatUrl(std::string_view baseUrl) {
  while (!baseUrl.empty() && baseUrl.back() == '/') baseUrl.remove_suffix(1);
  return std::string(baseUrl) + "/chat/completions";
}

// Replaces every occurrence of the key, in case a server echoes request headers back in an error.
std::string redact(std::string text, const std::string& key) {
  if (key.empty()) return text;
  for (auto at = text.find(key); at != std::string::npos; at = text.find(key, at)) {
    text.replace(at, key.size(), "[redacted]");
    at += 10;
  }
  return text;
}

std::string shorten(std::string_view text) {
  std::string out;
  for (const char c : text.substr(0, kExcerptBytes)) {
    out += static_cast<unsigned char>(c) < 0x20 ? ' ' : c;
  }
  out = validUtf8(out);
  if (text.size() > kExcerptBytes) out += "...";
  return out;
}

// The server's own words for an error: {"error":{"message":...}} (OpenAI, vLLM), {"error":"..."} (llama.cpp at
// times), {"detail":...} (FastAPI), {"message":...}; else the start of the body.
std::string errorExcerpt(const std::string& body) {
  const Json json = Json::parse(validUtf8(body), nullptr, false);
  if (json.is_object()) {
    const auto pick = [&](const Json& v) -> std::string { return v.is_string() ? v.get<std::string>() : dump(v); };
    if (const auto e = json.find("error"); e != json.end()) {
      if (e->is_object()) {
        if (const auto m = e->find("message"); m != e->end()) return shorten(pick(*m));
      }
      return shorten(pick(*e));
    }
    if (const auto d = json.find("detail"); d != json.end()) return shorten(pick(*d));
    if (const auto m = json.find("message"); m != json.end()) return shorten(pick(*m));
  }
  return shorten(body);
}

// What a 3xx means here. Redirects are never followed (the request carries the API key, and a model server that
// moved should be named by its new address), so the user is told where the server points; the Location is a URL
// like any other, printed without credentials and cut like a server's words.
std::string redirectWords(const HttpResponse& response) {
  const auto location = response.header("location");
  if (!location || location->empty()) return "a redirect without a Location, which tengen does not follow";
  return "a redirect to " + shorten(displayUrl(*location)) +
         ", which tengen does not follow; give the engine the model server's new address";
}

// choices[0].message.content of a 2xx reply, or what is wrong with the reply.
Result<std::string> readContent(const Json& json, const std::string& body) {
  using R = Result<std::string>;
  if (json.is_discarded()) return R::failure("the reply is not JSON: " + shorten(body));
  if (!json.is_object()) return R::failure("the reply is not a JSON object");
  const auto choices = json.find("choices");
  if (choices == json.end() || !choices->is_array() || choices->empty()) {
    // Some servers and proxies answer an error with 200 and {"error": ...}; their words say what went wrong.
    if (json.contains("error")) return R::failure("the reply has no choices: " + errorExcerpt(body));
    return R::failure("the reply has no choices");
  }
  const Json& first = (*choices)[0];
  if (!first.is_object()) return R::failure("the reply's choices[0] is not an object");
  const auto message = first.find("message");
  if (message == first.end() || !message->is_object()) return R::failure("the reply's choices[0] has no message");
  const auto content = message->find("content");
  if (content != message->end() && content->is_string()) return content->get<std::string>();
  if (content != message->end() && content->is_array()) {
    // Some servers answer in parts, like the request's: join the text ones.
    std::string text;
    bool any = false;
    for (const Json& part : *content) {
      if (part.is_string()) {
        text += part.get<std::string>();
        any = true;
      } else if (part.is_object()) {
        const auto t = part.find("text");
        const auto type = part.find("type");
        const bool isText = type == part.end() || (type->is_string() && type->get<std::string>() == "text");
        if (isText && t != part.end() && t->is_string()) {
          text += t->get<std::string>();
          any = true;
        }
      }
    }
    if (any) return text;
  }
  // The server spoke the protocol and the model said no move: a refusal's words, or nothing. That is the model's
  // answer (the referee calls it unparseable and asks again), not a transport failure; a reasoning model that
  // spent its tokens thinking answers like this.
  if (const auto refusal = message->find("refusal"); refusal != message->end() && refusal->is_string()) {
    return refusal->get<std::string>();
  }
  return std::string();
}

// usage.prompt_tokens and usage.completion_tokens of a 2xx reply, when both are there as whole numbers.
std::optional<TokenUsage> readUsage(const Json& json) {
  if (!json.is_object()) return std::nullopt;
  const auto usage = json.find("usage");
  if (usage == json.end() || !usage->is_object()) return std::nullopt;
  const auto prompt = usage->find("prompt_tokens");
  const auto completion = usage->find("completion_tokens");
  if (prompt == usage->end() || completion == usage->end()) return std::nullopt;
  if (!prompt->is_number_unsigned() || !completion->is_number_unsigned()) return std::nullopt;
  return TokenUsage{prompt->get<long>(), completion->get<long>()};
}

// A Retry-After in seconds; the HTTP-date form is not read (the caller's backoff applies).
std::optional<double> retryAfterSeconds(const HttpResponse& response) {
  const auto value = response.header("retry-after");
  if (!value || value->empty()) return std::nullopt;
  const std::string& s = *value;
  if (!std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || c == '.' || c == ' '; })) {
    return std::nullopt;
  }
  errno = 0;
  char* end = nullptr;
  const double seconds = std::strtod(s.c_str(), &end);
  if (errno != 0 || end == s.c_str() || !std::isfinite(seconds) || seconds < 0) return std::nullopt;
  return seconds;
}

Result<ChatReply> completeUnsafe(HttpClient& http, const ChatRequest& request, const Sleeper& sleep,
                                 ChatFailure* failure) {
  const auto fail = [&](std::string message, int status) {
    message = redact(std::move(message), request.apiKey);
    if (failure) *failure = ChatFailure{message, status};
    return Result<ChatReply>::failure(std::move(message), ErrorKind::Unreachable);
  };

  HttpRequest httpRequest;
  httpRequest.url = chatUrl(request.baseUrl);
  httpRequest.headers.emplace_back("Content-Type", "application/json");
  httpRequest.headers.emplace_back("Accept", "application/json");
  if (!request.apiKey.empty()) httpRequest.headers.emplace_back("Authorization", "Bearer " + request.apiKey);
  httpRequest.body = dump(buildBody(request));
  httpRequest.connectTimeoutSeconds = request.connectTimeoutSeconds;
  httpRequest.timeoutSeconds = request.timeoutSeconds;
  httpRequest.maxResponseBytes = request.maxResponseBytes;
  httpRequest.cancel = request.cancel;

  const int attempts = std::max(1, request.maxTransportAttempts);
  double backoff = std::max(0.0, request.backoffSeconds);
  int lastStatus = 0;
  std::string lastError;
  for (int attempt = 1; attempt <= attempts; ++attempt) {
    std::optional<double> retryAfter;
    const Result<HttpResponse> response = http.post(httpRequest);
    if (!response) {
      lastError = response.error();
      if (request.cancel.stop_requested()) return fail(std::string(kStoppedWords), 0);
      if (detail::isResponseTooLarge(lastError) || detail::isTimedOut(lastError)) return fail(lastError, 0);
    } else {
      const HttpResponse& r = *response;
      lastStatus = r.status;
      if (r.status >= 200 && r.status < 300) {
        // Bytes that are not UTF-8 (a reply cut inside a character by max_tokens) become U+FFFD: the JSON reader
        // would refuse the whole reply for them.
        const Json json = Json::parse(validUtf8(r.body), nullptr, false);
        Result<std::string> content = readContent(json, r.body);
        if (!content) {
          return fail(
              "HTTP " + std::to_string(r.status) + " from " + displayUrl(httpRequest.url) + " but " + content.error(),
              r.status);
        }
        ChatReply reply;
        reply.content = std::move(content).value();
        reply.httpStatus = r.status;
        reply.latencyMs = r.latencyMs;
        reply.transportAttempts = attempt;
        reply.usage = readUsage(json);
        return reply;
      }
      lastError = "HTTP " + std::to_string(r.status) + " from " + displayUrl(httpRequest.url) + ": " +
                  (r.status >= 300 && r.status < 400 ? redirectWords(r) : errorExcerpt(r.body));
      if (r.status != 429 && r.status < 500) return fail(lastError, r.status);
      retryAfter = retryAfterSeconds(r);
    }
    if (attempt == attempts) break;
    if (request.cancel.stop_requested()) return fail(std::string(kStoppedWords), lastStatus);
    // A server's Retry-After is waited no longer than the cap nor than one request may take: with --timeout 3 a
    // "Retry-After: 99999" cost 90 s where the user had allowed seconds.
    const double cap = std::max(0.0, std::min(request.maxRetryAfterSeconds, request.timeoutSeconds));
    const double wait = retryAfter ? std::min(*retryAfter, cap) : backoff;
    if (sleep) sleep(wait);
    backoff *= 2;
  }
  return fail("gave up after " + std::to_string(attempts) + (attempts == 1 ? " attempt: " : " attempts: ") + lastError,
              lastStatus);
}

}  // namespace

std::string chatRequestBody(const ChatRequest& request) {
  try {
    return dump(buildBody(request));
  } catch (const std::exception&) {
    return R"({"error":"could not build the request body"})";
  }
}

std::string chatMessagesJson(const ChatRequest& request, const PictureForm& picture) {
  return dump(buildMessages(request, picture));
}

Result<ChatReply> complete(HttpClient& http, const ChatRequest& request, const Sleeper& sleep, ChatFailure* failure) {
  try {
    return completeUnsafe(http, request, sleep, failure);
  } catch (const std::exception& e) {
    // nlohmann or the allocator; never let it cross the library's API.
    std::string message = redact(std::string("chat request failed: ") + e.what(), request.apiKey);
    if (failure) *failure = ChatFailure{message, 0};
    return Result<ChatReply>::failure(std::move(message), ErrorKind::Unreachable);
  }
}

}  // namespace tengen::net
