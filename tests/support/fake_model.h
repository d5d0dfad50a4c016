// The scripted OpenAI-compatible server (tengen-fake-model-server, apps/fake_model_server/) as a child process, for
// tests that drive the openai: source over real HTTP on 127.0.0.1. The script is JSON Lines as its --help describes.
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/temp_dir.h"

namespace tengen::test_support {

namespace fs = std::filesystem;
using nlohmann::json;

inline std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline void writeFile(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// A fresh directory per test for what it writes, removed afterwards.
struct ScratchDir : TempDir {
  ScratchDir() : TempDir("tengen-model") {}
};

// The scripted server as a child process; the script is JSON Lines as tengen-fake-model-server --help describes, and
// `models` what GET /v1/models lists (its --models).
class FakeServer {
 public:
  explicit FakeServer(const std::vector<std::string>& script, const std::string& models = "fake") {
    std::string text;
    for (const std::string& line : script) text += line + "\n";
    writeFile(m_dir.path() / "script.jsonl", text);
    fs::create_directory(m_dir.path() / "requests");
    int out[2];
    if (pipe(out) != 0) return;
    m_pid = fork();
    if (m_pid == 0) {
      dup2(out[1], STDOUT_FILENO);
      close(out[0]);
      close(out[1]);
      const std::string scriptPath = (m_dir.path() / "script.jsonl").string();
      const std::string recordPath = (m_dir.path() / "requests").string();
      execl(TENGEN_FAKE_MODEL_SERVER, TENGEN_FAKE_MODEL_SERVER, "--script", scriptPath.c_str(), "--record",
            recordPath.c_str(), "--models", models.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    close(out[1]);
    std::string line;
    char ch = 0;
    while (read(out[0], &ch, 1) == 1 && ch != '\n') line += ch;
    close(out[0]);
    m_port = std::atoi(line.c_str());
  }
  ~FakeServer() {
    if (m_pid > 0) {
      kill(m_pid, SIGKILL);
      waitpid(m_pid, nullptr, 0);
    }
  }
  int port() const { return m_port; }
  std::string spec() const { return "openai:http://127.0.0.1:" + std::to_string(m_port) + "/v1"; }

  // The bodies of the requests received so far, in order.
  std::vector<json> bodies() const {
    std::vector<json> out;
    for (const std::string& text : texts(".body")) out.push_back(json::parse(text, nullptr, false));
    return out;
  }
  // The same bodies as the bytes received.
  std::vector<std::string> bodyTexts() const { return texts(".body"); }
  std::vector<std::string> headers() const { return texts(".headers"); }

  // The most requests the server was ever answering at once.
  int maxInFlight() const {
    std::ifstream in(m_dir.path() / "requests" / "max_in_flight");
    int n = 0;
    in >> n;
    return n;
  }

 private:
  fs::path requestPath(int n, const char* ext) const {
    char name[32];
    std::snprintf(name, sizeof name, "%03d%s", n, ext);
    return m_dir.path() / "requests" / name;
  }
  std::vector<std::string> texts(const char* ext) const {
    std::vector<std::string> out;
    for (int n = 1;; ++n) {
      const fs::path path = requestPath(n, ext);
      if (!fs::exists(path)) return out;
      out.push_back(readFile(path));
    }
  }

  ScratchDir m_dir;
  pid_t m_pid = -1;
  int m_port = 0;
};

}  // namespace tengen::test_support
