// Who the AI opponent is: an ENGINE spec of docs/engines.md and the model options the client lets a player set.
#pragma once

#include <QCoreApplication>
#include <QString>

#include "tengen/sources/make_source.h"

namespace tengen::qt {

enum class OpponentKind { Builtin, Gtp, Model, Remote };

struct OpponentConfig {
  Q_DECLARE_TR_FUNCTIONS(OpponentConfig)

 public:
  OpponentKind kind = OpponentKind::Builtin;
  QString builtinOptions;  // "" for `builtin`, else the part after `builtin:`, e.g. "playouts=200"
  QString gtpCommand;      // the command line after `gtp:`
  QString modelUrl;        // the base URL after `openai:`, e.g. http://127.0.0.1:8000/v1
  QString modelName;       // --model
  bool modelImage = true;  // --image / --no-image
  QString remoteUrl;       // the URL after `tengen:`
  double timeoutSeconds = 60;
  int maxRetries = 4;

  // The ENGINE spec makeSource takes, e.g. "builtin:playouts=200" or "openai:http://127.0.0.1:8000/v1".
  std::string spec() const;
  // What the player reads in the window, in its language: "built-in engine", "model lora_x", "GTP gnugo".
  QString displayName() const;
  // The same in English whatever the window's language, for the record's PB/PW: a record reads the same whoever
  // played it.
  QString recordName() const;
  // The options makeSource needs beyond the spec.
  sources::SourceOptions sourceOptions() const;
  // spec() with any user:password@ of a URL left out, for the window, the record and the error log.
  std::string displaySpec() const;

 private:
  QString name(bool translated) const;
};

// "builtin", "gtp", "model", "remote"; the inverse reads unknown words as Builtin.
QString kindName(OpponentKind kind);
OpponentKind kindFromName(const QString& name);

}  // namespace tengen::qt
