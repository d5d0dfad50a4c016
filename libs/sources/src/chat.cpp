// The chat-completions client: request JSON, transport retries, and reading the answer out of the reply.
#include "tengen/sources/chat.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "tengen/core/text.h"
#include "tengen/json/json.h"
#include "tengen/json/parse.h"
#include "tengen/net/http_client.h"
#include "tengen/net/transport_errors.h"

namespace tengen::sources {

namespace {

using ai::TokenUsage;
using json::findMember;
using json::findString;
using json::JsonFault;
using json::JsonLimits;
using json::JsonValue;
using json::parseJson;
using json::toJson;
using net::base64;
using net::HttpClient;
using net::HttpRequest;
using net::HttpResponse;
using net::kStoppedWords;
namespace detail = net::detail;

constexpr std::size_t kExcerptBytes = 200;

// Used by LlamaCppGrammar when the caller sends a regex and no list of points: any GTP vertex or pass.
constexpr const char* kGenericVertexGrammar = R"(root ::= "pass" | [A-HJ-Z] [1-9] [0-9]?)";

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

// The system turn (when there is one) and the user turn, the picture in the form asked for. Objects keep their
// fields in the order written, so that logged request bodies read like the API documentation.
JsonValue buildMessages(const ChatRequest& request, const PictureForm& picture = {}) {
  JsonValue::Array messages;
  // Some chat templates reject a system turn, so an empty system prompt is left out rather than sent empty.
  if (!request.system.empty()) {
    messages.emplace_back(JsonValue::Object{{"role", "system"}, {"content", request.system}});
  }
  JsonValue content;
  using Kind = PictureForm::Kind;
  if (request.png && picture.kind == Kind::Marker) {
    content = request.userText + picture.text;
  } else if (request.png) {
    JsonValue::Array parts;
    parts.emplace_back(JsonValue::Object{{"type", "text"}, {"text", request.userText}});
    if (picture.kind == Kind::ImagePart) {
      parts.emplace_back(JsonValue::Object{{"type", "image"}});
    } else {
      const std::string url =
          picture.kind == Kind::Url ? picture.text : "data:image/png;base64," + base64(*request.png);
      parts.emplace_back(JsonValue::Object{{"type", "image_url"}, {"image_url", JsonValue::Object{{"url", url}}}});
    }
    content = std::move(parts);
  } else {
    content = request.userText;
  }
  messages.emplace_back(JsonValue::Object{{"role", "user"}, {"content", std::move(content)}});
  return messages;
}

JsonValue stringList(const std::vector<std::string>& items) {
  JsonValue::Array list;
  list.reserve(items.size());
  for (const std::string& item : items) list.emplace_back(item);
  return list;
}

JsonValue buildBody(const ChatRequest& request) {
  JsonValue::Object body{
      {"model", request.model},
      {"messages", buildMessages(request)},
      {"max_tokens", request.maxTokens},
  };
  if (request.temperature) body.emplace_back("temperature", *request.temperature);

  if (request.constraint == Constraint::None) return body;
  const bool regex = request.constraint == Constraint::Regex;
  switch (request.constraintApi) {
    case ConstraintApi::VllmStructuredOutputs:
      body.emplace_back("structured_outputs", regex ? JsonValue::Object{{"regex", request.regex}}
                                                    : JsonValue::Object{{"choice", stringList(request.choices)}});
      break;
    case ConstraintApi::VllmGuided:
      if (regex) {
        body.emplace_back("guided_regex", request.regex);
      } else {
        body.emplace_back("guided_choice", stringList(request.choices));
      }
      break;
    case ConstraintApi::LlamaCppGrammar:
      body.emplace_back("grammar", gbnf(request));
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

// A reply body as JSON, read as all JSON from outside is: nested no deeper than the reader's limit, so that nothing
// after it (the excerpt of an error, the JsonValue's own destructor) recurses deeper than that, and holding no more
// than kMaxReplyValues values, so that a reply of millions of tiny ones is refused before its tree costs a hundred
// times its bytes. The HTTP client's cap on the reply's size holds already.
Result<JsonValue> readReply(const std::string& body, JsonFault* fault) {
  // Bytes that are not UTF-8 (a reply cut inside a character by max_tokens), and escapes of half a surrogate pair
  // (a pair split between tokens), become U+FFFD: the JSON reader would refuse the whole reply for them.
  const std::string text = validUtf8(body);
  JsonLimits limits;
  limits.maxBytes = text.size();
  limits.maxValues = kMaxReplyValues;
  limits.loneSurrogatesAsReplacement = true;
  return parseJson(text, limits, fault);
}

std::string tooDeep() { return "the reply is nested deeper than " + std::to_string(JsonLimits{}.maxDepth) + " levels"; }

// Why a reply that is not read as JSON was refused, when a limit refused it; nothing when it is simply not JSON.
std::optional<std::string> limitWords(JsonFault fault) {
  if (fault == JsonFault::TooDeep) return tooDeep();
  if (fault == JsonFault::TooManyValues) {
    return "the reply holds more than " + std::to_string(kMaxReplyValues) + " JSON values";
  }
  return std::nullopt;
}

// The server's own words for an error: {"error":{"message":...}} (OpenAI, vLLM), {"error":"..."} (llama.cpp at
// times), {"detail":...} (FastAPI), {"message":...}; nothing when the reply has none of them.
std::optional<std::string> serverWords(const JsonValue& json) {
  // A value that is not a string is written out whole; the reader's depth limit bounds how deep that goes.
  const auto pick = [](const JsonValue& v) {
    const auto* text = std::get_if<std::string>(&v.value);
    return shorten(text != nullptr ? *text : toJson(v));
  };
  if (const JsonValue* e = findMember(json, "error")) {
    if (const JsonValue* m = findMember(*e, "message")) return pick(*m);
    return pick(*e);
  }
  if (const JsonValue* d = findMember(json, "detail")) return pick(*d);
  if (const JsonValue* m = findMember(json, "message")) return pick(*m);
  return std::nullopt;
}

// The server's words for an error, else the start of the body (an HTML error page, say), or that the body is
// nested too deeply to be read.
std::string errorExcerpt(const std::string& body) {
  JsonFault fault = JsonFault::Invalid;
  const Result<JsonValue> json = readReply(body, &fault);
  if (!json) return limitWords(fault).value_or(shorten(body));
  return serverWords(*json).value_or(shorten(body));
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
Result<std::string> readContent(const Result<JsonValue>& reply, JsonFault fault, const std::string& body) {
  using R = Result<std::string>;
  if (!reply) return R::failure(limitWords(fault).value_or("the reply is not JSON: " + shorten(body)));
  const JsonValue& json = *reply;
  if (!std::holds_alternative<JsonValue::Object>(json.value)) return R::failure("the reply is not a JSON object");
  const JsonValue* choicesValue = findMember(json, "choices");
  const auto* choices = choicesValue == nullptr ? nullptr : std::get_if<JsonValue::Array>(&choicesValue->value);
  if (choices == nullptr || choices->empty()) {
    // Some servers and proxies answer an error with 200 and {"error": ...}; their words say what went wrong.
    if (findMember(json, "error") != nullptr) return R::failure("the reply has no choices: " + *serverWords(json));
    return R::failure("the reply has no choices");
  }
  const JsonValue& first = choices->front();
  if (!std::holds_alternative<JsonValue::Object>(first.value)) {
    return R::failure("the reply's choices[0] is not an object");
  }
  const JsonValue* message = findMember(first, "message");
  if (message == nullptr || !std::holds_alternative<JsonValue::Object>(message->value)) {
    return R::failure("the reply's choices[0] has no message");
  }
  if (const std::string* content = findString(*message, "content")) return *content;
  const JsonValue* content = findMember(*message, "content");
  if (const auto* parts = content == nullptr ? nullptr : std::get_if<JsonValue::Array>(&content->value)) {
    // Some servers answer in parts, like the request's: join the text ones.
    std::string text;
    bool any = false;
    for (const JsonValue& part : *parts) {
      if (const auto* s = std::get_if<std::string>(&part.value)) {
        text += *s;
        any = true;
      } else if (std::holds_alternative<JsonValue::Object>(part.value)) {
        const std::string* t = findString(part, "text");
        const JsonValue* type = findMember(part, "type");
        const std::string* typeText = findString(part, "type");
        const bool isText = type == nullptr || (typeText != nullptr && *typeText == "text");
        if (isText && t != nullptr) {
          text += *t;
          any = true;
        }
      }
    }
    if (any) return text;
  }
  // The server spoke the protocol and the model said no move: a refusal's words, or nothing. That is the model's
  // answer (the referee calls it unparseable and asks again), not a transport failure; a reasoning model that
  // spent its tokens thinking answers like this.
  if (const std::string* refusal = findString(*message, "refusal")) return *refusal;
  return std::string();
}

// usage.prompt_tokens and usage.completion_tokens of a 2xx reply, when both are there as whole numbers.
std::optional<TokenUsage> readUsage(const JsonValue& json) {
  const JsonValue* usage = findMember(json, "usage");
  if (usage == nullptr) return std::nullopt;
  const auto count = [usage](std::string_view key) -> std::optional<long> {
    const long long* n = json::findInteger(*usage, key);
    if (n == nullptr || *n < 0) return std::nullopt;
    return static_cast<long>(*n);
  };
  const std::optional<long> prompt = count("prompt_tokens");
  const std::optional<long> completion = count("completion_tokens");
  if (!prompt || !completion) return std::nullopt;
  return TokenUsage{*prompt, *completion};
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
  httpRequest.body = toJson(buildBody(request));
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
        JsonFault fault = JsonFault::Invalid;
        const Result<JsonValue> json = readReply(r.body, &fault);
        Result<std::string> content = readContent(json, fault, r.body);
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
        reply.usage = readUsage(*json);
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

// The ids in a GET /models reply: {"object":"list","data":[{"id":"..."},...]}; nothing when it is not such a list.
std::optional<std::vector<std::string>> readModelIds(const std::string& body) {
  const Result<JsonValue> json = readReply(body, nullptr);
  if (!json) return std::nullopt;
  const JsonValue* data = findMember(*json, "data");
  const auto* entries = data == nullptr ? nullptr : std::get_if<JsonValue::Array>(&data->value);
  if (entries == nullptr) return std::nullopt;
  std::vector<std::string> ids;
  for (const JsonValue& entry : *entries) {
    const JsonValue* id = findMember(entry, "id");
    const auto* text = id == nullptr ? nullptr : std::get_if<std::string>(&id->value);
    if (text == nullptr || text->empty()) return std::nullopt;
    ids.push_back(shorten(*text));
  }
  return ids;
}

}  // namespace

Result<std::vector<std::string>> listModels(HttpClient& http, const ModelListRequest& request) {
  using R = Result<std::vector<std::string>>;
  std::string base = request.baseUrl;
  while (!base.empty() && base.back() == '/') base.pop_back();
  HttpRequest httpRequest;
  httpRequest.url = base + "/models";
  httpRequest.headers.emplace_back("Accept", "application/json");
  if (!request.apiKey.empty()) httpRequest.headers.emplace_back("Authorization", "Bearer " + request.apiKey);
  httpRequest.connectTimeoutSeconds = request.connectTimeoutSeconds;
  httpRequest.timeoutSeconds = request.timeoutSeconds;
  httpRequest.cancel = request.cancel;
  const std::string where = "GET " + displayUrl(httpRequest.url);
  const auto refused = [&](const std::string& why) {
    return R::failure(redact(where + " " + why, request.apiKey), ErrorKind::Invalid);
  };
  try {
    const Result<HttpResponse> response = http.get(httpRequest);
    if (!response) return R::failure(redact(response.error(), request.apiKey), ErrorKind::Unreachable);
    const HttpResponse& r = *response;
    const std::string status = "HTTP " + std::to_string(r.status);
    if (r.status >= 500 || r.status == 429) {
      return R::failure(redact(where + " answered " + status + ": " + errorExcerpt(r.body), request.apiKey),
                        ErrorKind::Unreachable);
    }
    if (r.status >= 300 && r.status < 400) return refused("answered " + status + ", " + redirectWords(r));
    if (r.status < 200 || r.status >= 300) return refused("answered " + status + ": " + errorExcerpt(r.body));
    std::optional<std::vector<std::string>> ids = readModelIds(r.body);
    if (!ids) return refused("answered with no list of models: " + shorten(r.body));
    return std::move(*ids);
  } catch (const std::exception& e) {
    return R::failure(redact(where + " failed: " + e.what(), request.apiKey), ErrorKind::Unreachable);
  }
}

std::string chatRequestBody(const ChatRequest& request) {
  try {
    return toJson(buildBody(request));
  } catch (const std::exception&) {
    return R"({"error":"could not build the request body"})";
  }
}

std::string chatMessagesJson(const ChatRequest& request, const PictureForm& picture) {
  return toJson(buildMessages(request, picture));
}

Result<ChatReply> complete(HttpClient& http, const ChatRequest& request, const Sleeper& sleep, ChatFailure* failure) {
  try {
    return completeUnsafe(http, request, sleep, failure);
  } catch (const std::exception& e) {
    // The allocator; never let it cross the library's API.
    std::string message = redact(std::string("chat request failed: ") + e.what(), request.apiKey);
    if (failure) *failure = ChatFailure{message, 0};
    return Result<ChatReply>::failure(std::move(message), ErrorKind::Unreachable);
  }
}

}  // namespace tengen::sources
