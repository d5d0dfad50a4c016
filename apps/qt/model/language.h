// The person's language: which one the client speaks, and the client's own words for what libs/core names in
// English for logs and models (docs/client.md, "Language").
#pragma once

#include <QLocale>
#include <QString>
#include <QStringList>
#include <string_view>

#include "tengen/core/rules.h"
#include "tengen/core/types.h"

namespace tengen::qt {

// A language the client has a translation for: its QLocale name and its name in itself, as the menu lists it.
struct Language {
  const char* code;
  const char* nativeName;
};
// English is the language of the sources; its file holds only the plural forms.
inline constexpr Language kLanguages[] = {{"en", "English"}, {"pt_BR", "Portugu\u00eas (Brasil)"}, {"ja", "日本語"}};

// The code of kLanguages to speak: `wanted` when it names one (a region-less "pt" is "pt_BR"), else the first of
// the system's UI languages that has one, else "en". "" and "system" mean the system's.
QString chooseLanguage(const QString& wanted, const QStringList& uiLanguages = QLocale::system().uiLanguages());

// The locale numbers are written in when the client speaks `code`: the system's when it is of that language (its
// region's formats, as pt_PT's), else the language's own, so that Portuguese text never shows komi as "6.5".
QLocale numberLocale(const QString& code, const QLocale& system = QLocale::system());

// Replaces the application's translators with those of `code`: the client's own (built into the binary) and Qt's
// for its dialogs and buttons; and makes numberLocale(code) the default QLocale. False when the client's own could
// not be loaded.
bool installTranslations(const QString& code);

// What the person reads for a refused move; reasonWords stays the English of prompts and logs.
QString reasonText(RejectReason reason);
// "Black" or "White", capitalized as at the start of a sentence.
QString colorText(Color color);
// The colour in short, as the move list and the attempts panel write it beside a move: "B" or "W" in English.
QString colorLetterText(Color color);
// A move as a person reads it: the vertex ("F5", written so in every language) or the client's word for a pass or a
// resignation. Records, logs and prompts keep Go's English ("pass", "resign").
QString moveText(const Move& move, int size);
// The same for a move the referee wrote as text: a vertex stays as it is, "pass" and "resign" become the client's
// words; anything else (an answer that names no point) is shown unchanged.
QString moveText(std::string_view written);
// A game's result or score as the person reads it: Go's short form in English ("B+R", "W+12.5", "B+T"), the
// language's words in the others ("黒の中押し勝ち"); "Draw" for "0". Text it cannot read is shown as it is.
QString resultText(std::string_view result);
// A rule set's name as the new-game dialog lists it.
QString rulesText(Rules rules);

}  // namespace tengen::qt
