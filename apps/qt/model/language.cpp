#include "model/language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>
#include <cmath>
#include <vector>

#include "tengen/core/coords.h"

namespace tengen::qt {

namespace {

// The code of kLanguages for one locale name ("ja-JP", "pt_BR", "pt"), or "" when none has its language.
QString knownLanguage(const QString& name) {
  const QString normalized = QString(name).replace(QLatin1Char('-'), QLatin1Char('_'));
  for (const Language& language : kLanguages) {
    if (normalized.compare(QLatin1String(language.code), Qt::CaseInsensitive) == 0) return language.code;
  }
  const QLocale::Language wanted = QLocale(normalized).language();
  if (wanted == QLocale::C || wanted == QLocale::AnyLanguage) return {};
  for (const Language& language : kLanguages) {
    if (QLocale(QLatin1String(language.code)).language() == wanted) return language.code;
  }
  return {};
}

// The translators installed last, replaced by the next installTranslations.
std::vector<QTranslator*>& installed() {
  static std::vector<QTranslator*> translators;
  return translators;
}

}  // namespace

QString chooseLanguage(const QString& wanted, const QStringList& uiLanguages) {
  if (!wanted.isEmpty() && wanted != QLatin1String("system")) {
    const QString code = knownLanguage(wanted);
    if (!code.isEmpty()) return code;
  }
  for (const QString& name : uiLanguages) {
    const QString code = knownLanguage(name);
    if (!code.isEmpty()) return code;
  }
  return QStringLiteral("en");
}

QLocale numberLocale(const QString& code, const QLocale& system) {
  const QLocale spoken(code);
  return system.language() == spoken.language() ? system : spoken;
}

bool installTranslations(const QString& code) {
  QLocale::setDefault(numberLocale(code));
  QCoreApplication* app = QCoreApplication::instance();
  for (QTranslator* translator : installed()) {
    QCoreApplication::removeTranslator(translator);
    delete translator;
  }
  installed().clear();
  auto* own = new QTranslator(app);
  const bool loaded = own->load(QStringLiteral(":/i18n/tengen_") + code);
  if (loaded) {
    QCoreApplication::installTranslator(own);
    installed().push_back(own);
  } else {
    delete own;
  }
  // Qt's own words (the buttons of message boxes, the file dialog); Qt ships no English file, nor needs one.
  auto* qtbase = new QTranslator(app);
  if (qtbase->load(QStringLiteral("qtbase_") + code, QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
    QCoreApplication::installTranslator(qtbase);
    installed().push_back(qtbase);
  } else {
    delete qtbase;
  }
  return loaded;
}

QString reasonText(RejectReason reason) {
  switch (reason) {
    case RejectReason::None:
      return QCoreApplication::translate("Reason", "legal");
    case RejectReason::GameOver:
      return QCoreApplication::translate("Reason", "the game is not in play");
    case RejectReason::WrongColor:
      return QCoreApplication::translate("Reason", "it is not that player's turn");
    case RejectReason::OutOfBounds:
      return QCoreApplication::translate("Reason", "outside the board");
    case RejectReason::Occupied:
      return QCoreApplication::translate("Reason", "stone already there");
    case RejectReason::Suicide:
      return QCoreApplication::translate("Reason", "suicide");
    case RejectReason::Ko:
      return QCoreApplication::translate("Reason", "ko: immediate recapture is forbidden");
    case RejectReason::Superko:
      return QCoreApplication::translate("Reason", "ko repetition: recreates an earlier position");
    case RejectReason::Unparseable:
      return QCoreApplication::translate("Reason", "no coordinate could be read from the answer");
    case RejectReason::Repeated:
      return QCoreApplication::translate("Reason", "names a point already rejected this turn");
  }
  return QString::fromUtf8(std::string(reasonWords(reason)));
}

QString colorText(Color color) {
  return color == Color::White ? QCoreApplication::translate("Color", "White")
                               : QCoreApplication::translate("Color", "Black");
}

QString colorLetterText(Color color) {
  return color == Color::White ? QCoreApplication::translate("Color", "W") : QCoreApplication::translate("Color", "B");
}

QString moveText(std::string_view written) {
  if (written == "pass") return QCoreApplication::translate("Move", "pass");
  if (written == "resign") return QCoreApplication::translate("Move", "resign");
  return QString::fromUtf8(written.data(), static_cast<qsizetype>(written.size()));
}

QString moveText(const Move& move, int size) { return moveText(gtpMove(move, size)); }

QString resultText(std::string_view result) {
  const auto asIs = [result] { return QString::fromUtf8(result.data(), static_cast<qsizetype>(result.size())); };
  if (result == "0" || result == "Draw" || result == "Jigo") return QCoreApplication::translate("Result", "Draw");
  if (result.size() < 2 || result[1] != '+' || (result[0] != 'B' && result[0] != 'W')) return asIs();
  // One string per colour, so that each language can place the winner and the margin as it says them.
  const bool black = result[0] == 'B';
  const std::string_view how = result.substr(2);
  if (how.empty()) {
    return black ? QCoreApplication::translate("Result", "B+") : QCoreApplication::translate("Result", "W+");
  }
  if (how == "R" || how == "Resign") {
    return black ? QCoreApplication::translate("Result", "B+R") : QCoreApplication::translate("Result", "W+R");
  }
  if (how == "T" || how == "Time") {
    return black ? QCoreApplication::translate("Result", "B+T") : QCoreApplication::translate("Result", "W+T");
  }
  if (how == "F" || how == "Forfeit") {
    return black ? QCoreApplication::translate("Result", "B+F") : QCoreApplication::translate("Result", "W+F");
  }
  bool number = false;
  const double margin = QString::fromUtf8(how.data(), static_cast<qsizetype>(how.size())).toDouble(&number);
  // "B+inf" or "W+nan" parse as numbers but are not margins: shown as written, like any other odd result.
  if (!number || !std::isfinite(margin) || margin <= 0) return asIs();
  const QString text =
      black ? QCoreApplication::translate("Result", "B+%1") : QCoreApplication::translate("Result", "W+%1");
  return text.arg(QLocale().toString(margin));
}

QString rulesText(Rules rules) {
  switch (rules) {
    case Rules::Chinese:
      return QCoreApplication::translate("Rules", "Chinese");
    case Rules::Japanese:
      return QCoreApplication::translate("Rules", "Japanese");
    case Rules::Korean:
      return QCoreApplication::translate("Rules", "Korean");
    case Rules::Aga:
      return QCoreApplication::translate("Rules", "AGA");
    case Rules::Nz:
      return QCoreApplication::translate("Rules", "New Zealand");
    case Rules::TrompTaylor:
      return QCoreApplication::translate("Rules", "Tromp-Taylor");
  }
  return QString::fromUtf8(std::string(ruleSet(rules).name));
}

}  // namespace tengen::qt
