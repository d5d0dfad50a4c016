// The main window's language menu: the choice is kept in the settings and read at the next start, where main.cpp
// installs the translations (docs/client.md, "Language").
#include <QAction>
#include <QActionGroup>
#include <QLabel>
#include <QMenu>

#include "model/language.h"
#include "widgets/main_window.h"
#include "widgets/status_message.h"

namespace tengen::qt {

void MainWindow::addLanguageMenu(QMenu& view) {
  QMenu* menu = view.addMenu(tr("&Language"));
  menu->setObjectName(QStringLiteral("languageMenu"));
  auto* group = new QActionGroup(menu);
  const QString chosen = m_settings->language();
  const auto add = [this, menu, group, &chosen](const QString& code, const QString& text) {
    QAction* entry = menu->addAction(text);
    entry->setObjectName(QStringLiteral("language_") + (code.isEmpty() ? QStringLiteral("system") : code));
    entry->setCheckable(true);
    entry->setChecked(code == chosen);
    group->addAction(entry);
    connect(entry, &QAction::triggered, this, [this, code] {
      m_settings->setLanguage(code);
      m_message->setMessage(tr("The language changes the next time tengen-qt starts"));
    });
  };
  add(QString(), tr("System"));
  // Each language under its own name, so that a person who cannot read the current one still finds theirs.
  for (const Language& language : kLanguages) add(QLatin1String(language.code), QString::fromUtf8(language.nativeName));
}

}  // namespace tengen::qt
