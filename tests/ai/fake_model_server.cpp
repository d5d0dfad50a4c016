// A scripted OpenAI-compatible chat-completions server for end-to-end tests of the openai: source.
//
//   fake_model_server --script FILE [--record DIR] [--port-file FILE] [--models LIST]
//
// Listens on 127.0.0.1 on a free port and prints the port as the first line of stdout (and into --port-file).
// Each POST /v1/chat/completions takes the next line of the script (JSON Lines; the last line repeats):
//   {"content": "D4"}                               200 with a chat completion whose message content is "D4"
//   {"status": 429, "body": "...", "headers": {"Retry-After": "1"}}   that status, body and headers
//   {"delay": 3, "content": "D4"}                   waits 3 s first (combines with any other form)
//   {"raw": "{not json"}                            200 with exactly this body
//   {"raw": "[", "repeat": "0,", "times": 9, "end": "0]"}   200 with "raw", "repeat" that many times, then "end"
//   {"raw_bytes": 10000000}                         200 with a body of that many 'x'
//   {"status": 400, "nested": 100000}               that status with {"error": [[[...]]]}, brackets that deep
//                                                   ("under": "detail" puts them under that key instead)
//   {"first": "Z99", "retry": "pass"}               "first" for a request that names no rejected answer, "retry"
//                                                   for a retry ("were rejected" in it), whatever the order
//   {"content": "D4", "usage": {"prompt_tokens": 900, "completion_tokens": 2}}   the reply reports that usage
//   {"content": "D4", "pad": "é ", "pad_bytes": 3800000}   the content after "pad" repeated to at least that many
//                                                   bytes: a model that ignores max_tokens
// GET /v1/models lists the models of --models, a comma-separated list (default "fake"; "" lists none), in the
// OpenAI form {"object": "list", "data": [{"id": ..., "object": "model"}, ...]}; `--models none` answers it 404, as a
// server without the endpoint would. Listing is not recorded and takes no script line.
// With --record, every request is recorded in DIR as NNN.body (the body as received) and NNN.headers ("name: value"
// lines), and DIR/max_in_flight holds the most requests that were ever being answered at once. Without it nothing is
// written, so that a benchmark of many requests measures the client rather than the server's disk.
#include <httplib.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

namespace {

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
  std::string scriptPath;
  std::string recordDir;
  std::string portFile;
  std::string models = "fake";
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--script") scriptPath = argv[i + 1];
    if (flag == "--record") recordDir = argv[i + 1];
    if (flag == "--port-file") portFile = argv[i + 1];
    if (flag == "--models") models = argv[i + 1];
  }
  std::vector<nlohmann::json> script;
  std::ifstream in(scriptPath);
  for (std::string line; std::getline(in, line);) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    script.push_back(nlohmann::json::parse(line, nullptr, false));
    if (script.back().is_discarded()) {
      std::cerr << "fake_model_server: bad script line: " << line << '\n';
      return 2;
    }
  }
  if (script.empty()) {
    std::cerr << "fake_model_server: empty or missing script " << scriptPath << '\n';
    return 2;
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
    std::cerr << "fake_model_server: cannot listen on 127.0.0.1\n";
    return 1;
  }
  if (!portFile.empty()) std::ofstream(portFile) << port << '\n';
  std::cout << port << std::endl;
  server.listen_after_bind();
  return 0;
}
