#include "model/opponent_config.h"

#include <QCoreApplication>

#include "tengen/sources/make_source.h"

namespace tengen::qt {

std::string OpponentConfig::spec() const {
  switch (kind) {
    case OpponentKind::Builtin:
      return builtinOptions.trimmed().isEmpty() ? "builtin" : "builtin:" + builtinOptions.trimmed().toStdString();
    case OpponentKind::Gtp:
      return "gtp:" + gtpCommand.trimmed().toStdString();
    case OpponentKind::Model:
      return "openai:" + modelUrl.trimmed().toStdString();
    case OpponentKind::Remote:
      return "tengen:" + remoteUrl.trimmed().toStdString();
  }
  return "builtin";
}

namespace {

// "http://user:secret@host/v1" -> "http://host/v1"; anything else unchanged.
QString withoutCredentials(const QString& url) {
  const qsizetype scheme = url.indexOf(QLatin1String("://"));
  if (scheme < 0) return url;
  const qsizetype hostStart = scheme + 3;
  qsizetype hostEnd = url.indexOf(QLatin1Char('/'), hostStart);
  if (hostEnd < 0) hostEnd = url.size();
  const qsizetype at = url.lastIndexOf(QLatin1Char('@'), hostEnd - 1);
  if (at < hostStart) return url;
  return url.left(hostStart) + url.mid(at + 1);
}

}  // namespace

std::string OpponentConfig::displaySpec() const {
  switch (kind) {
    case OpponentKind::Model:
      return "openai:" + withoutCredentials(modelUrl.trimmed()).toStdString();
    case OpponentKind::Remote:
      return "tengen:" + withoutCredentials(remoteUrl.trimmed()).toStdString();
    case OpponentKind::Builtin:
    case OpponentKind::Gtp:
      break;
  }
  return spec();
}

QString OpponentConfig::displayName() const { return name(true); }

QString OpponentConfig::recordName() const { return name(false); }

QString OpponentConfig::name(bool translated) const {
  const auto text = [translated](const char* words) {
    return translated ? QCoreApplication::translate("OpponentConfig", words) : QString::fromUtf8(words);
  };
  switch (kind) {
    case OpponentKind::Builtin:
      return builtinOptions.trimmed().isEmpty()
                 ? text(QT_TRANSLATE_NOOP("OpponentConfig", "built-in engine"))
                 : text(QT_TRANSLATE_NOOP("OpponentConfig", "built-in engine (%1)")).arg(builtinOptions.trimmed());
    case OpponentKind::Gtp: {
      // The program's file name reads better than its whole command line.
      const QString program = gtpCommand.trimmed().section(QLatin1Char(' '), 0, 0);
      return text(QT_TRANSLATE_NOOP("OpponentConfig", "GTP %1")).arg(program.section(QLatin1Char('/'), -1));
    }
    case OpponentKind::Model:
      return modelName.trimmed().isEmpty()
                 ? text(QT_TRANSLATE_NOOP("OpponentConfig", "model at %1")).arg(withoutCredentials(modelUrl.trimmed()))
                 : text(QT_TRANSLATE_NOOP("OpponentConfig", "model %1")).arg(modelName.trimmed());
    case OpponentKind::Remote:
      return text(QT_TRANSLATE_NOOP("OpponentConfig", "tengen server %1")).arg(withoutCredentials(remoteUrl.trimmed()));
  }
  return {};
}

sources::SourceOptions OpponentConfig::sourceOptions() const {
  sources::SourceOptions options;
  options.timeoutSeconds = timeoutSeconds;
  options.model.model = modelName.trimmed().toStdString();
  options.model.image = modelImage;
  // A person playing the built-in engine would rather see it resign than fill in a lost game (docs/client.md).
  options.builtinResign = sources::kInteractiveResign;
  return options;
}

QString kindName(OpponentKind kind) {
  switch (kind) {
    case OpponentKind::Builtin:
      return QStringLiteral("builtin");
    case OpponentKind::Gtp:
      return QStringLiteral("gtp");
    case OpponentKind::Model:
      return QStringLiteral("model");
    case OpponentKind::Remote:
      return QStringLiteral("remote");
  }
  return QStringLiteral("builtin");
}

OpponentKind kindFromName(const QString& name) {
  if (name == QLatin1String("gtp")) return OpponentKind::Gtp;
  if (name == QLatin1String("model")) return OpponentKind::Model;
  if (name == QLatin1String("remote")) return OpponentKind::Remote;
  return OpponentKind::Builtin;
}

}  // namespace tengen::qt
