// tengen-fake-model-server: a scripted OpenAI-compatible chat-completions server, for trying the openai: source and
// the model loop without a GPU (docs/serving-models.md) and for the end-to-end tests of everything that asks a model.
// What it takes and answers is its --help text, kUsage below.
#include <httplib.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

namespace {

constexpr const char* kUsage =
    R"(Usage: tengen-fake-model-server --script FILE [--record DIR] [--port-file FILE] [--models LIST]

A scripted OpenAI-compatible chat-completions server: try `tengen play`, `tengen eval` or tengen-qt against a
"model" without a GPU, or test what asks one. It listens on 127.0.0.1 on a free port and prints the port as the
first line of stdout; its base URL is then http://127.0.0.1:PORT/v1, the engine spec openai:http://127.0.0.1:PORT/v1.

  --script FILE     the answers, one JSON object a line (required); each POST /v1/chat/completions takes the next
                    line, and the last line repeats
  --record DIR      write every request into DIR (made when missing) as NNN.body (the body as received) and
                    NNN.headers ("name: value" lines); DIR/max_in_flight holds the most requests ever answered at once
  --port-file FILE  also write the port into FILE
  --models LIST     what GET /v1/models lists, comma-separated (default "fake"; "" lists none; "none" answers 404)
  --help            this text

Script lines:
  {"content": "D4"}                               200 with a chat completion whose message content is "D4"
  {"status": 429, "body": "...", "headers": {"Retry-After": "1"}}   that status, body and headers
  {"delay": 3, "content": "D4"}                   waits 3 s first (combines with any other form)
  {"raw": "{not json"}                            200 with exactly this body
  {"raw": "[", "repeat": "0,", "times": 9, "end": "0]"}   200 with "raw", "repeat" that many times, then "end"
  {"raw_bytes": 10000000}                         200 with a body of that many 'x'
  {"status": 400, "nested": 100000}               that status with {"error": [[[...]]]}, brackets that deep
                                                  ("under": "detail" puts them under that key instead)
  {"first": "Z99", "retry": "pass"}               "first" for a request that names no rejected answer, "retry"
                                                  for a retry ("were rejected" in it), whatever the order
  {"content": "D4", "usage": {"prompt_tokens": 900, "completion_tokens": 2}}   the reply reports that usage
  {"content": "D4", "pad": "\u00e9 ", "pad_bytes": 3800000}   the content after "pad" repeated to at least that
                                                  many bytes: a model that ignores max_tokens

Listing models is not recorded and takes no script line. Without --record nothing is written, so that a benchmark
of many requests measures the client rather than the server's disk.

Example, a model that always answers "pass" after one illegal answer:
  printf '%s\n' '{"first": "Z99", "retry": "pass"}' > script.jsonl
  tengen-fake-model-server --script script.jsonl --port-file port &
  tengen play --size 9 --opponent openai:http://127.0.0.1:$(cat port)/v1
)";

struct Options {
  std::string scriptPath;
  std::string recordDir;
  std::string portFile;
  std::string models = "fake";
};

// The options, or the exit code when there is nothing to serve: 0 after --help, 2 after a bad command line (said on
// stderr).
std::variant<Options, int> parseOptions(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--help" || flag == "-h") {
      std::cout << kUsage;
      return 0;
    }
    std::string* value = flag == "--script"      ? &options.scriptPath
                         : flag == "--record"    ? &options.recordDir
                         : flag == "--port-file" ? &options.portFile
                         : flag == "--models"    ? &options.models
                                                 : nullptr;
    if (value == nullptr) {
      std::cerr << "tengen-fake-model-server: unknown option " << flag << " (--help lists them)\n";
      return 2;
    }
    if (i + 1 >= argc) {
      std::cerr << "tengen-fake-model-server: " << flag << " needs a value (--help)\n";
      return 2;
    }
    *value = argv[++i];
  }
  if (options.scriptPath.empty()) {
    std::cerr << "tengen-fake-model-server: --script FILE is required: the answers, one JSON object a line (--help)\n";
    return 2;
  }
  return options;
}

// Makes the record folder (and its parents) and checks that a file can be written in it; why not, or "".
std::string prepareRecordDir(const std::string& dir) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) return "cannot make the folder " + dir + ": " + error.message();
  if (!std::filesystem::is_directory(dir)) return dir + " is not a folder";
  if (!(std::ofstream(dir + "/max_in_flight") << 0 << '\n')) return "cannot write in " + dir;
  return {};
}

std::string completion(const std::string& content, const nlohmann::json& step) {
  nlohmann::json body = {
      {"id", "chatcmpl-fake"},
      {"object", "chat.completion"},
      {"model", "fake"},
      {"choices",
       {{{"index", 0}, {"message", {{"role", "assistant"}, {"content", content}}}, {"finish_reason", "stop"}}}},
  };
  if (step.contains("usage")) body["usage"] = step["usage"];
  return body.dump();
}

}  // namespace

int main(int argc, char** argv) {
  const std::variant<Options, int> parsed = parseOptions(argc, argv);
  if (const int* code = std::get_if<int>(&parsed)) return *code;
  const Options& options = std::get<Options>(parsed);
  const std::string& recordDir = options.recordDir;
  const std::string& models = options.models;
  std::ifstream in(options.scriptPath);
  if (!in) {
    std::cerr << "tengen-fake-model-server: cannot read the script " << options.scriptPath << '\n';
    return 2;
  }
  std::vector<nlohmann::json> script;
  int lineNumber = 0;
  for (std::string line; std::getline(in, line);) {
    ++lineNumber;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    script.push_back(nlohmann::json::parse(line, nullptr, false));
    if (script.back().is_discarded() || !script.back().is_object()) {
      std::cerr << "tengen-fake-model-server: " << options.scriptPath << ": line " << lineNumber
                << " is not a JSON object: " << line << '\n';
      return 2;
    }
  }
  if (script.empty()) {
    std::cerr << "tengen-fake-model-server: the script " << options.scriptPath
              << " holds no answer: write one JSON object a line, such as {\"content\": \"D4\"} (--help)\n";
    return 2;
  }
  if (!recordDir.empty()) {
    if (const std::string why = prepareRecordDir(recordDir); !why.empty()) {
      std::cerr << "tengen-fake-model-server: --record " << why << '\n';
      return 2;
    }
  }

  std::mutex mutex;
  std::size_t next = 0;
  int inFlight = 0;
  int maxInFlight = 0;
  httplib::Server server;
  // Without it, the reply's header and body writes meet delayed ACKs: 40 ms a request instead of well under one.
  server.set_tcp_nodelay(true);
  server.Post("/v1/chat/completions", [&](const httplib::Request& req, httplib::Response& res) {
    nlohmann::json step;
    {
      const std::lock_guard<std::mutex> lock(mutex);
      const std::size_t n = ++next;
      step = script[std::min(n - 1, script.size() - 1)];
      maxInFlight = std::max(maxInFlight, ++inFlight);
      if (!recordDir.empty()) {
        char name[32];
        std::snprintf(name, sizeof name, "/%03zu", n);
        std::ofstream(recordDir + name + ".body", std::ios::binary) << req.body;
        std::ofstream headers(recordDir + name + ".headers");
        for (const auto& [key, value] : req.headers) headers << key << ": " << value << '\n';
        std::ofstream(recordDir + "/max_in_flight") << maxInFlight << '\n';
      }
    }
    if (step.contains("delay")) {
      std::this_thread::sleep_for(std::chrono::duration<double>(step["delay"].get<double>()));
    }
    if (step.contains("headers")) {
      for (const auto& [key, value] : step["headers"].items()) res.set_header(key, value.get<std::string>());
    }
    res.status = step.value("status", 200);
    if (step.contains("raw") && step.contains("repeat")) {
      const std::string unit = step["repeat"].get<std::string>();
      std::string body = step["raw"].get<std::string>();
      body.reserve(body.size() + unit.size() * step["times"].get<std::size_t>() + 16);
      for (std::size_t i = step["times"].get<std::size_t>(); i > 0; --i) body += unit;
      res.set_content(body + step.value("end", ""), "application/json");
    } else if (step.contains("raw")) {
      res.set_content(step["raw"].get<std::string>(), "application/json");
    } else if (step.contains("raw_bytes")) {
      res.set_content(std::string(step["raw_bytes"].get<std::size_t>(), 'x'), "application/json");
    } else if (step.contains("nested")) {
      const auto depth = step["nested"].get<std::size_t>();
      const std::string key = step.value("under", "error");
      res.set_content("{\"" + key + "\":" + std::string(depth, '[') + std::string(depth, ']') + "}",
                      "application/json");
    } else if (step.contains("body")) {
      res.set_content(step["body"].get<std::string>(), "application/json");
    } else if (step.contains("first")) {
      const bool retry = req.body.find("were rejected") != std::string::npos;
      res.set_content(completion(step[retry ? "retry" : "first"].get<std::string>(), step), "application/json");
    } else if (step.contains("pad")) {
      const std::string unit = step["pad"].get<std::string>();
      std::string text;
      while (text.size() < step["pad_bytes"].get<std::size_t>()) text += unit;
      res.set_content(completion(text + step.value("content", ""), step), "application/json");
    } else {
      res.set_content(completion(step.value("content", ""), step), "application/json");
    }
    const std::lock_guard<std::mutex> lock(mutex);
    --inFlight;
  });

  server.Get("/v1/models", [&](const httplib::Request&, httplib::Response& res) {
    if (models == "none") {
      res.status = 404;
      res.set_content(R"({"detail":"Not Found"})", "application/json");
      return;
    }
    nlohmann::json data = nlohmann::json::array();
    std::stringstream list(models);
    for (std::string id; std::getline(list, id, ',');) {
      if (!id.empty()) data.push_back({{"id", id}, {"object", "model"}, {"owned_by", "fake"}});
    }
    res.set_content(nlohmann::json{{"object", "list"}, {"data", data}}.dump(), "application/json");
  });

  const int port = server.bind_to_any_port("127.0.0.1");
  if (port <= 0) {
    std::cerr << "tengen-fake-model-server: cannot listen on 127.0.0.1\n";
    return 1;
  }
  if (!options.portFile.empty()) std::ofstream(options.portFile) << port << '\n';
  std::cout << port << std::endl;
  server.listen_after_bind();
  return 0;
}
