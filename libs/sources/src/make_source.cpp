#include "tengen/sources/make_source.h"

#include <utility>

#include "tengen/core/text.h"

#include "builtin_source.h"
#include "gtp_source.h"
#include "model_source.h"
#include "random_source.h"
#include "remote_source.h"

namespace tengen::sources {

namespace {

using ai::MoveSource;

bool startsWith(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

}  // namespace

bool isModelSpec(std::string_view spec) { return startsWith(spec, "openai:"); }

bool isBuiltinSpec(std::string_view spec) { return spec == "builtin" || startsWith(spec, "builtin:"); }

gtp::AnalysisRelay* analysisRelayOf(MoveSource& source) { return dynamic_cast<GtpSource*>(&source); }

Result<std::unique_ptr<MoveSource>> makeSource(std::string_view spec, const SourceOptions& options) {
  using R = Result<std::unique_ptr<MoveSource>>;
  // The spec as messages quote it: a password in a URL stays out of them.
  std::string quoted = "'";
  quoted.append(displayUrl(spec)).append("'");
  if (spec == "random") return std::unique_ptr<MoveSource>(new RandomSource(options.seed));
  if (startsWith(spec, "gtp:")) {
    const std::string_view command = spec.substr(4);
    if (trim(command).empty()) {
      return R::failure("engine spec " + quoted +
                        ": gtp: needs the engine's command line, e.g. gtp:/usr/games/gnugo --mode gtp");
    }
    Result<std::unique_ptr<GtpSource>> source = GtpSource::start(spec, command, options);
    if (!source) return R::failure(source, "engine spec " + quoted + ": ");
    return std::unique_ptr<MoveSource>(std::move(source).value());
  }
  if (isBuiltinSpec(spec)) {
    Result<std::unique_ptr<BuiltinSource>> source = BuiltinSource::make(spec, options);
    if (!source) return R::failure(source, "engine spec " + quoted + ": ");
    return std::unique_ptr<MoveSource>(std::move(source).value());
  }
  if (isModelSpec(spec)) {
    Result<std::unique_ptr<ModelSource>> source = ModelSource::make(spec, spec.substr(7), options);
    if (!source) return R::failure(source, "engine spec " + quoted + ": ");
    return std::unique_ptr<MoveSource>(std::move(source).value());
  }
  if (startsWith(spec, "tengen:")) {
    Result<std::unique_ptr<RemoteSource>> source = RemoteSource::make(spec, spec.substr(7), options);
    if (!source) return R::failure(source, "engine spec " + quoted + ": ");
    return std::unique_ptr<MoveSource>(std::move(source).value());
  }
  return R::failure("unknown engine spec " + quoted + "; known: " + std::string(kEngineKinds));
}

std::function<Result<std::unique_ptr<MoveSource>>(int index)> workerSources(std::string spec, SourceOptions options) {
  options.transportAttempts = 1;
  return [spec = std::move(spec), options = std::move(options)](int index) {
    SourceOptions worker = options;
    worker.seed += static_cast<std::uint64_t>(index);
    return makeSource(spec, worker);
  };
}

ai::ErrorContext errorContextOf(std::string source, std::string_view engine, const ModelOptions& model) {
  ai::ErrorContext context{std::move(source), displayUrl(engine), "", ""};
  if (isModelSpec(engine)) {
    context.model = model.model;
    context.coords = coordFormatName(model.coords);
  }
  return context;
}

}  // namespace tengen::sources
