// A scripted GTP engine for tests of the client side: it answers the commands tengen sends when it drives an
// engine and misbehaves on request (crashes, hangs, garbage, huge stderr, wrong ids), so that every failure the
// client must report can be produced by a real child process.
//
//   fake_gtp_engine [options]
//     --genmove A,B,C        answers of successive genmoves (the last one repeats; default "pass")
//     --log FILE             append every command received (without its id) to FILE
//     --exit-on CMD[:N]      exit with --exit-code (default 3) on the N-th command named CMD (default the first)
//     --exit-code N
//     --crash-once FILE      like --exit-on genmove, but only when FILE does not exist yet (it is created)
//     --kill-self-on CMD     die of SIGKILL on the first CMD
//     --hang-on CMD          never answer CMD (and never read again)
//     --garbage-on CMD       answer CMD with a line that is not GTP
//     --close-stdout-on CMD  close stdout on CMD and keep running
//     --refuse CMD           answer CMD with "? refused"
//     --stderr-bytes N       write N bytes to stderr before reading anything
//     --stderr-text TEXT     write TEXT and a newline to stderr before reading anything
//     --silent-for MS        next read and write nothing for MS milliseconds (an engine loading its weights)
//     --crlf                 end lines with \r\n
//     --no-ids               answer without ids
//     --wrong-id             answer with the id plus one
//     --ignore-quit          answer quit but keep running, also after the end of input
//     --ignore-term          ignore SIGTERM
//     --kgs-time             list kgs-time_settings in list_commands (time_settings, time_left and
//                            kgs-time_settings are always answered)
//     --kgs-cleanup          list kgs-genmove_cleanup in list_commands and answer it as genmove (from the same
//                            answers); without it, kgs-genmove_cleanup is an unknown command
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

struct Script {
  std::vector<std::string> genmoves{"pass"};
  std::string logPath;
  std::string exitOn;
  int exitOnCount = 1;
  int exitCode = 3;
  std::string crashOnceMarker;
  std::string killSelfOn;
  std::string hangOn;
  std::string garbageOn;
  std::string closeStdoutOn;
  std::vector<std::string> refused;
  long stderrBytes = 0;
  std::string stderrText;
  long silentForMs = 0;
  bool crlf = false;
  bool noIds = false;
  bool wrongId = false;
  bool ignoreQuit = false;
  bool ignoreTerm = false;
  bool kgsTime = false;
  bool kgsCleanup = false;
};

std::vector<std::string> splitOn(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, sep)) parts.push_back(part);
  return parts;
}

[[noreturn]] void sleepForever() {
  for (;;) pause();
}

int run(int argc, char** argv) {
  Script s;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const auto next = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::cerr << "fake_gtp_engine: " << a << " needs a value\n";
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--genmove") {
      s.genmoves = splitOn(next(), ',');
    } else if (a == "--log") {
      s.logPath = next();
    } else if (a == "--exit-on") {
      const std::vector<std::string> parts = splitOn(next(), ':');
      s.exitOn = parts.at(0);
      if (parts.size() > 1) s.exitOnCount = std::stoi(parts[1]);
    } else if (a == "--exit-code") {
      s.exitCode = std::stoi(next());
    } else if (a == "--crash-once") {
      s.crashOnceMarker = next();
    } else if (a == "--kill-self-on") {
      s.killSelfOn = next();
    } else if (a == "--hang-on") {
      s.hangOn = next();
    } else if (a == "--garbage-on") {
      s.garbageOn = next();
    } else if (a == "--close-stdout-on") {
      s.closeStdoutOn = next();
    } else if (a == "--refuse") {
      s.refused.push_back(next());
    } else if (a == "--stderr-bytes") {
      s.stderrBytes = std::stol(next());
    } else if (a == "--stderr-text") {
      s.stderrText = next();
    } else if (a == "--silent-for") {
      s.silentForMs = std::stol(next());
    } else if (a == "--crlf") {
      s.crlf = true;
    } else if (a == "--no-ids") {
      s.noIds = true;
    } else if (a == "--wrong-id") {
      s.wrongId = true;
    } else if (a == "--ignore-quit") {
      s.ignoreQuit = true;
    } else if (a == "--ignore-term") {
      s.ignoreTerm = true;
    } else if (a == "--kgs-time") {
      s.kgsTime = true;
    } else if (a == "--kgs-cleanup") {
      s.kgsCleanup = true;
    } else {
      std::cerr << "fake_gtp_engine: unknown option " << a << "\n";
      return 2;
    }
  }
  if (s.ignoreTerm) signal(SIGTERM, SIG_IGN);

  // Plain blocking writes: if the parent does not drain stderr, this blocks and the engine never answers.
  if (s.stderrBytes > 0) {
    const std::string chunk(4096, 'e');
    for (long left = s.stderrBytes; left > 0; left -= static_cast<long>(chunk.size())) {
      std::cerr.write(chunk.data(), std::min<long>(left, static_cast<long>(chunk.size())));
    }
    std::cerr.flush();
  }
  if (!s.stderrText.empty()) std::cerr << s.stderrText << std::endl;
  std::this_thread::sleep_for(std::chrono::milliseconds(s.silentForMs));

  std::map<std::string, int> seen;
  std::size_t genmoveIndex = 0;
  const std::string eol = s.crlf ? "\r\n" : "\n";
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::istringstream words(line);
    std::string first;
    if (!(words >> first)) continue;
    std::string id;
    std::string name = first;
    if (first.find_first_not_of("0123456789") == std::string::npos) {
      id = first;
      if (!(words >> name)) continue;
    }
    std::string args;
    std::getline(words, args);
    if (!args.empty() && args.front() == ' ') args.erase(0, 1);
    if (!s.logPath.empty()) {
      std::ofstream log(s.logPath, std::ios::app);
      log << name << (args.empty() ? "" : " ") << args << "\n";
    }
    const int count = ++seen[name];

    if (name == s.exitOn && count == s.exitOnCount) std::exit(s.exitCode);
    if (name == "genmove" && !s.crashOnceMarker.empty() && access(s.crashOnceMarker.c_str(), F_OK) != 0) {
      std::ofstream(s.crashOnceMarker) << "crashed\n";
      std::exit(s.exitCode);
    }
    if (name == s.killSelfOn) raise(SIGKILL);
    if (name == s.hangOn) sleepForever();
    if (name == s.closeStdoutOn) {
      std::fclose(stdout);
      close(STDOUT_FILENO);
      sleepForever();
    }

    std::string shownId = id;
    if (s.noIds) shownId.clear();
    if (s.wrongId && !id.empty()) shownId = std::to_string(std::stol(id) + 1);
    const auto answer = [&](bool ok, const std::string& text) {
      std::cout << (ok ? "=" : "?") << shownId << (text.empty() ? "" : " ") << text << eol << eol << std::flush;
    };

    if (name == s.garbageOn) {
      std::cout << "this is not a GTP response" << eol << eol << std::flush;
      continue;
    }
    bool refuse = false;
    for (const std::string& r : s.refused) refuse = refuse || r == name;
    if (refuse) {
      answer(false, "refused");
    } else if (name == "protocol_version") {
      answer(true, "2");
    } else if (name == "name") {
      answer(true, "fake");
    } else if (name == "version") {
      answer(true, "1.0");
    } else if (name == "list_commands") {
      std::string list = "protocol_version";
      for (const char* command : {"name", "version", "list_commands", "genmove"}) list.append(eol).append(command);
      if (s.kgsTime) list.append(eol).append("kgs-time_settings");
      if (s.kgsCleanup) list.append(eol).append("kgs-genmove_cleanup");
      answer(true, list);
    } else if (name == "known_command") {
      answer(true, args == "genmove" || args == "name" ? "true" : "false");
    } else if (name == "boardsize" || name == "clear_board" || name == "komi" || name == "play" ||
               name == "set_free_handicap" || name == "time_settings" || name == "time_left" ||
               name == "kgs-time_settings") {
      answer(true, "");
    } else if (name == "genmove" || (name == "kgs-genmove_cleanup" && s.kgsCleanup)) {
      answer(true, s.genmoves[std::min(genmoveIndex, s.genmoves.size() - 1)]);
      ++genmoveIndex;
    } else if (name == "quit") {
      answer(true, "");
      if (!s.ignoreQuit) return 0;
    } else {
      answer(false, "unknown command");
    }
  }
  if (s.ignoreQuit) sleepForever();
  return 0;
}

}  // namespace

int main(int argc, char** argv) { return run(argc, argv); }
