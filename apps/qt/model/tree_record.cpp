#include "model/tree_record.h"

#include <QCoreApplication>
#include <utility>

#include "model/language.h"

namespace tengen::qt {

namespace {

// The context of this file's words in the translations.
class TreeRecordText {
  Q_DECLARE_TR_FUNCTIONS(TreeRecord)
};

}  // namespace

QString describeCut(const session::TreeCut& cut) {
  QString why;
  switch (cut.why) {
    case session::TreeCut::Why::BothColours:
      why = TreeRecordText::tr("a node holds both B and W");
      break;
    case session::TreeCut::Why::SetupStones:
      why = TreeRecordText::tr("setup stones (AB, AW, AE) in a variation or after a move are not supported");
      break;
    case session::TreeCut::Why::NotAMove:
      why = TreeRecordText::tr("not a move on this board");
      break;
    case session::TreeCut::Why::Illegal:
      why = reasonText(cut.reason);
      break;
  }
  const QString where =
      cut.move.empty() ? TreeRecordText::tr("move %1").arg(cut.moveNumber)
                       : TreeRecordText::tr("move %1 (%2)").arg(cut.moveNumber).arg(QString::fromStdString(cut.move));
  return (cut.mainLine ? TreeRecordText::tr("%1: %2; loaded up to move %3")
                       : TreeRecordText::tr("a variation's %1: %2; the variation is kept up to move %3"))
      .arg(where, why)
      .arg(cut.moveNumber - 1);
}

namespace {

// Why a record could not be read, in the person's language where the words are the session's own.
QString failureText(const std::string& error) {
  return error == "no game in the file" ? TreeRecordText::tr("no game in the file") : QString::fromStdString(error);
}

std::optional<OpenedRecord> opened(Result<session::PlayedRecord> read, QString* why) {
  if (!read) {
    *why = failureText(read.error());
    return std::nullopt;
  }
  OpenedRecord out{std::move(read).value(), {}};
  if (out.played.record.cut) out.problem = describeCut(*out.played.record.cut);
  return out;
}

}  // namespace

std::optional<OpenedRecord> readPlayedRecord(const std::string& text, QString* why) {
  return opened(session::readPlayedRecord(text), why);
}

std::optional<OpenedRecord> readPlayedRecord(const sgf::Collection& collection, QString* why) {
  return opened(session::readPlayedRecord(collection), why);
}

std::optional<TreeRecord> readTreeRecord(const std::string& text, QString* why) {
  Result<session::TreeRecord> read = session::readTreeRecord(text);
  if (!read) {
    *why = failureText(read.error());
    return std::nullopt;
  }
  session::TreeRecord record = std::move(read).value();
  TreeRecord out{std::move(record.tree), std::move(record.info), {}};
  if (record.cut) out.problem = describeCut(*record.cut);
  return out;
}

}  // namespace tengen::qt
