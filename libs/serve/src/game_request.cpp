#include "game_request.h"

#include <charconv>
#include <cmath>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "tengen/core/coords.h"
#include "tengen/core/rules.h"
#include "tengen/core/text.h"
#include "tengen/json/parse.h"
#include "tengen/sgf/sgf.h"

namespace tengen::serve {

namespace {

using json::JsonValue;

std::string_view typeName(const JsonValue& v) {
  switch (v.value.index()) {
    case 0:
      return "null";
    case 1:
      return "a boolean";
    case 2:
    case 3:
      return "a number";
    case 4:
      return "a string";
    case 5:
      return "an array";
    default:
      return "an object";
  }
}

// An integer, or a number with no fraction (some clients write 19.0).
std::optional<long long> integerOf(const JsonValue& v) {
  if (const auto* n = std::get_if<long long>(&v.value)) return *n;
  if (const auto* d = std::get_if<double>(&v.value)) {
    if (std::isfinite(*d) && std::floor(*d) == *d && std::fabs(*d) < 1e15) return static_cast<long long>(*d);
  }
  return std::nullopt;
}

Result<int> readInt(const JsonValue& v, std::string_view name, long long lo, long long hi) {
  const std::optional<long long> n = integerOf(v);
  if (!n) {
    return Result<int>::failure(std::string(name) + ": must be an integer, not " + std::string(typeName(v)));
  }
  if (*n < lo || *n > hi) {
    return Result<int>::failure(std::string(name) + ": must be " + std::to_string(lo) + ".." + std::to_string(hi) +
                                ", not " + std::to_string(*n));
  }
  return static_cast<int>(*n);
}

// The one range check of a handicap, for the "handicap" field and an SGF record's HA alike: none (0) or 2..9 stones.
Result<int> checkHandicap(long long n, std::string_view name) {
  if (n != 0 && (n < 2 || n > 9)) {
    return Result<int>::failure(std::string(name) + ": must be 0 or 2..9, not " + std::to_string(n));
  }
  return static_cast<int>(n);
}

// A record's HA, when it has one. Its stones come as AB, so HA only counts them, but a count the field would
// refuse is refused here too rather than read past.
Status checkSgfHandicap(const sgf::GameRecord& record) {
  const auto ha = record.info.find("HA");
  if (ha == record.info.end()) return Done{};
  const std::string_view text = trim(ha->second);
  long long n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec == std::errc::result_out_of_range) return Status::failure("sgf: HA: must be 0 or 2..9");
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) {
    return Status::failure("sgf: HA: must be an integer, 0 or 2..9");
  }
  if (const Result<int> handicap = checkHandicap(n, "sgf: HA"); !handicap) return Status::failure(handicap);
  return Done{};
}

Result<Color> readColor(const JsonValue& v, std::string_view name) {
  const auto* s = std::get_if<std::string>(&v.value);
  if (s == nullptr) return Result<Color>::failure(std::string(name) + R"(: must be "B" or "W")");
  const std::optional<Color> c = parseColor(*s);
  if (!c || !isPlayer(*c)) return Result<Color>::failure(std::string(name) + R"(: must be "B" or "W")");
  return *c;
}

// A move as ["B", "D4"]: a colour and a GTP vertex, pass or resign.
Result<Move> readMove(const JsonValue& v, std::string_view name, int size) {
  using R = Result<Move>;
  const auto* pair = std::get_if<JsonValue::Array>(&v.value);
  if (pair == nullptr || pair->size() != 2) {
    return R::failure(std::string(name) + R"(: must be a colour and a vertex, e.g. ["B", "D4"])");
  }
  const Result<Color> color = readColor((*pair)[0], name);
  if (!color) return R::failure(color.error());
  const auto* text = std::get_if<std::string>(&(*pair)[1].value);
  if (text == nullptr) return R::failure(std::string(name) + R"(: the vertex must be a string such as "D4" or "pass")");
  const Result<ParsedVertex> vertex = parseGtpVertex(*text, size);
  if (!vertex) {
    return R::failure(std::string(name) + ": not a vertex of a " + std::to_string(size) + "x" + std::to_string(size) +
                      " board (" + vertex.error() + ")");
  }
  return Move{*color, vertex->kind, vertex->point};
}

bool has(const JsonValue& body, std::string_view key) { return json::findMember(body, key) != nullptr; }

Result<Game> gameFromSgf(const JsonValue& sgfValue, std::optional<Rules> rules, const ReadOptions& options) {
  using R = Result<Game>;
  const auto* text = std::get_if<std::string>(&sgfValue.value);
  if (text == nullptr) return R::failure("sgf: must be a string holding an SGF record");
  // Eight items a move of the longest history (its node, the move, a clock and a comment) and 2,048 besides: a
  // node is a hundred bytes once read, so a mebibyte of ";B[aa]" would otherwise cost fifty megabytes.
  sgf::ReadLimits limits;
  limits.maxItems = 8 * options.maxMoves + 2048;
  const Result<sgf::Collection> collection = sgf::parse(*text, limits);
  if (!collection) return R::failure("sgf: " + collection.error());
  if (collection->games().empty()) return R::failure("sgf: no game in the record");
  const Result<sgf::GameRecord> record = sgf::readRecord(collection->games().front());
  if (!record) return R::failure("sgf: " + record.error());
  if (const Status handicap = checkSgfHandicap(*record); !handicap) return R::failure(handicap.error());
  if (record->moves.size() > options.maxMoves) {
    return R::failure("sgf: at most " + std::to_string(options.maxMoves) + " moves, not " +
                      std::to_string(record->moves.size()));
  }
  sgf::Replay replayed = sgf::replay(record.value(), rules);
  if (!replayed.setupError.empty()) return R::failure("sgf: " + replayed.setupError);
  if (replayed.illegal) {
    const sgf::IllegalMove& illegal = *replayed.illegal;
    return R::failure("sgf: move " + std::to_string(illegal.moveNumber) + " " +
                      std::string(colorLetter(illegal.move.color)) + " " + gtpMove(illegal.move, replayed.game.size()) +
                      ": " + std::string(reasonCode(illegal.reason)));
  }
  return std::move(replayed.game);
}

// The game's size, komi and handicap from the body (each optional), validated as Game::validate does.
Result<GameConfig> configFromFields(const JsonValue& body, std::optional<Rules> rules) {
  using R = Result<GameConfig>;
  GameConfig config;
  if (rules) config.rules = *rules;
  if (const JsonValue* v = json::findMember(body, "size")) {
    const Result<int> size = readInt(*v, "size", 2, 25);
    if (!size) return R::failure(size.error());
    config.size = *size;
  }
  if (const JsonValue* v = json::findMember(body, "komi")) {
    double komi = 0;
    if (const auto* n = std::get_if<long long>(&v->value)) {
      komi = static_cast<double>(*n);
    } else if (const auto* d = std::get_if<double>(&v->value)) {
      komi = *d;
    } else {
      return R::failure("komi: must be a number, not " + std::string(typeName(*v)));
    }
    if (!std::isfinite(komi) || std::fabs(komi) > 1000) return R::failure("komi: must be a number of at most 1000");
    config.komi = komi;
  }
  if (const JsonValue* v = json::findMember(body, "handicap")) {
    const std::optional<long long> n = integerOf(*v);
    if (!n) return R::failure("handicap: must be an integer, not " + std::string(typeName(*v)));
    const Result<int> handicap = checkHandicap(*n, "handicap");
    if (!handicap) return R::failure(handicap.error());
    config.handicap = *handicap;
  }
  if (const Result<GameConfig> valid = Game::validate(config); !valid) return R::failure(valid.error());
  return config;
}

// The points of one colour's setup list ("setup.B"), each a vertex of the board.
Result<std::vector<Point>> setupPoints(const JsonValue& stones, const std::string& field, int size) {
  using R = Result<std::vector<Point>>;
  const auto* list = std::get_if<JsonValue::Array>(&stones.value);
  if (list == nullptr) return R::failure(field + ": must be an array of vertices");
  if (list->size() > static_cast<std::size_t>(size) * static_cast<std::size_t>(size)) {
    return R::failure(field + ": more stones than points on the board");
  }
  std::vector<Point> points;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const std::string name = field + "[" + std::to_string(i) + "]";
    const auto* text = std::get_if<std::string>(&(*list)[i].value);
    if (text == nullptr) return R::failure(name + ": must be a vertex such as \"D4\"");
    const Result<ParsedVertex> vertex = parseGtpVertex(*text, size);
    if (!vertex || vertex->kind != MoveKind::Play) {
      return R::failure(name + ": not a point of a " + std::to_string(size) + "x" + std::to_string(size) + " board");
    }
    points.push_back(vertex->point);
  }
  return points;
}

// The body's "setup" stones, placed on the game's board.
Status placeSetup(const JsonValue& setupValue, Game& game) {
  const auto* setup = std::get_if<JsonValue::Object>(&setupValue.value);
  if (setup == nullptr) return Status::failure(R"(setup: must be an object such as {"B": ["D4"], "W": []})");
  for (const auto& [key, stones] : *setup) {
    const std::string field = "setup." + key;
    if (key != "B" && key != "W") return Status::failure(R"(setup: keys must be "B" and "W")");
    const Result<std::vector<Point>> points = setupPoints(stones, field, game.size());
    if (!points) return Status::failure(points);
    if (!game.addSetupStones(key == "B" ? Color::Black : Color::White, *points)) {
      return Status::failure(field + ": a stone is on a point already taken or would have no liberties");
    }
  }
  return Done{};
}

// The body's "moves", played in order; the first one's colour moves first.
Status playMoves(const JsonValue& movesValue, Game& game, const ReadOptions& options) {
  const auto* list = std::get_if<JsonValue::Array>(&movesValue.value);
  if (list == nullptr) return Status::failure("moves: must be an array of [colour, vertex] pairs");
  if (list->size() > options.maxMoves) {
    return Status::failure("moves: at most " + std::to_string(options.maxMoves) + " moves, not " +
                           std::to_string(list->size()));
  }
  // As in SGF records and GTP's play, turn order is not enforced in the history; every other rule is.
  game.setStrictTurn(false);
  for (std::size_t i = 0; i < list->size(); ++i) {
    const std::string name = "moves[" + std::to_string(i) + "]";
    const Result<Move> move = readMove((*list)[i], name, game.size());
    if (!move) return Status::failure(move.error());
    if (i == 0) game.setToMove(move->color);
    // A history may go on after two passes (a disputed end): play resumes, as when reading an SGF record.
    const RejectReason reason = game.playRecorded(*move);
    if (reason != RejectReason::None) {
      return Status::failure(name + " " + std::string(colorLetter(move->color)) + " " + gtpMove(*move, game.size()) +
                             ": " + std::string(reasonCode(reason)));
    }
  }
  return Done{};
}

Result<Game> gameFromFields(const JsonValue& body, std::optional<Rules> rules, const ReadOptions& options) {
  using R = Result<Game>;
  const Result<GameConfig> config = configFromFields(body, rules);
  if (!config) return R::failure(config);
  Game game(*config);
  if (const JsonValue* v = json::findMember(body, "setup")) {
    if (const Status placed = placeSetup(*v, game); !placed) return R::failure(placed);
  }
  if (const JsonValue* v = json::findMember(body, "moves")) {
    if (const Status played = playMoves(*v, game, options); !played) return R::failure(played);
  }
  return game;
}

}  // namespace

json::JsonLimits requestJsonLimits(std::size_t maxMoves) {
  json::JsonLimits limits;
  limits.maxValues = 3 * maxMoves + 2048;
  return limits;
}

Result<GameRequest> readGameRequest(const JsonValue& body, const ReadOptions& options) {
  using R = Result<GameRequest>;
  if (!std::holds_alternative<JsonValue::Object>(body.value)) return R::failure("the body must be a JSON object");

  std::optional<Rules> rules;
  const JsonValue* rulesValue = json::findMember(body, "rules");
  if (rulesValue != nullptr) {
    const auto* name = std::get_if<std::string>(&rulesValue->value);
    if (name == nullptr) return R::failure("rules: must be a string such as \"chinese\"");
    rules = parseRules(*name);
    if (!rules) {
      std::string known;
      for (const RuleSet& rs : allRuleSets()) known += (known.empty() ? "" : ", ") + std::string(rs.name);
      return R::failure("rules: unknown rule set; known: " + known);
    }
  }

  Result<Game> game = Game();
  if (const JsonValue* sgfValue = json::findMember(body, "sgf")) {
    for (const char* field : {"size", "komi", "handicap", "setup", "moves"}) {
      if (has(body, field)) {
        return R::failure(std::string("sgf: give either sgf or size/komi/handicap/setup/moves, not both (") + field +
                          " is here too)");
      }
    }
    game = gameFromSgf(*sgfValue, rules, options);
  } else {
    game = gameFromFields(body, rules, options);
  }
  if (!game) return R::failure(game.error());

  GameRequest request{std::move(game).value(), Color::Black, false, options.defaultMaxRetries, std::nullopt};
  // Questions about the position are asked with turns enforced, so /v1/legal can answer wrong_color.
  request.game.setStrictTurn(true);
  request.color = request.game.toMove();
  if (const JsonValue* v = json::findMember(body, "color")) {
    const Result<Color> color = readColor(*v, "color");
    if (!color) return R::failure(color.error());
    request.color = *color;
    request.colorGiven = true;
  }
  if (const JsonValue* v = json::findMember(body, "max_retries")) {
    const Result<int> retries = readInt(*v, "max_retries", 0, options.maxRetries);
    if (!retries) return R::failure(retries.error());
    request.maxRetries = *retries;
  }
  if (options.wantMove) {
    const JsonValue* v = json::findMember(body, "move");
    if (v == nullptr) return R::failure(R"(move: required, e.g. ["B", "D4"])");
    const Result<Move> move = readMove(*v, "move", request.game.size());
    if (!move) return R::failure(move.error());
    request.move = *move;
  }
  return request;
}

}  // namespace tengen::serve
