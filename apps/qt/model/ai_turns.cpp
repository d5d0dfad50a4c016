#include "model/ai_turns.h"

#include <cassert>
#include <utility>

#include "tengen/sources/make_source.h"

namespace tengen::qt {

AiTurns::AiTurns(session::Session& session, const OpponentConfig& opponent, QString errorLogPath, QObject* parent)
    : QObject(parent), m_session(session), m_errorLogPath(std::move(errorLogPath)) {
  m_runner.setOpponent(opponent, m_errorLogPath);
  connect(&m_runner, &OpponentRunner::asking, this, &AiTurns::asking);
  connect(&m_runner, &OpponentRunner::attemptMade, this, &AiTurns::attemptReported);
  connect(&m_runner, &OpponentRunner::finished, this, &AiTurns::finished);
  connect(&m_runner, &OpponentRunner::gtpTraffic, this, [this](bool sent, const QString& text) {
    const QString line = (sent ? QStringLiteral("> ") : QStringLiteral("< ")) + text;
    m_gtpTraffic << line;
    if (m_gtpTraffic.size() > kGtpTrafficKept) m_gtpTraffic.removeFirst();
    emit gtpTrafficLine(line);
  });
}

std::optional<session::AiTurnRecord> AiTurns::aiTurnAt(session::NodeId id) const {
  const session::TreeNode* node = m_session.tree().find(id);
  if (node == nullptr || !node->move) return std::nullopt;
  return session::aiTurnIn(node->properties);
}

Game AiTurns::positionBefore(session::NodeId id) const {
  const session::TreeNode* node = m_session.tree().find(id);
  assert(node != nullptr && node->parent != nullptr);
  return m_session.tree().gameAt(*node->parent);
}

const QStringList& AiTurns::readOnlyGtpCommands() {
  static const QStringList commands = {
      QStringLiteral("name"),          QStringLiteral("version"),           QStringLiteral("protocol_version"),
      QStringLiteral("list_commands"), QStringLiteral("known_command"),     QStringLiteral("showboard"),
      QStringLiteral("final_score"),   QStringLiteral("final_status_list"), QStringLiteral("estimate_score"),
  };
  return commands;
}

QString AiTurns::typeCommand(const QString& line) {
  QStringList words = line.simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
  // A GTP id of the person's own is dropped: the client numbers what it sends.
  bool numbered = false;
  if (!words.isEmpty()) words.front().toUInt(&numbered);
  if (numbered) words.removeFirst();
  if (words.isEmpty()) return {};
  const QString command = words.front();
  if (!readOnlyGtpCommands().contains(command) && !m_extraConsoleCommands.contains(command)) {
    return tr("%1 was not sent: only commands that leave the engine's game as it is are (%2, and those added under "
              "Also allowed).")
        .arg(command, readOnlyGtpCommands().join(QStringLiteral(", ")));
  }
  const Result<std::string> answer =
      m_runner.typedCommand(m_session.game(), words.join(QLatin1Char(' ')).toStdString());
  if (!answer) return tr("%1 failed: %2").arg(command, QString::fromStdString(answer.error()));
  return {};
}

void AiTurns::setOpponent(const OpponentConfig& config) {
  m_runner.cancel();
  m_runner.setOpponent(config, m_errorLogPath);
  m_held = false;
}

void AiTurns::ask(std::optional<TimeLeft> clock, const TimeControl& control) {
  emit attemptsCleared();
  const Game& game = m_session.beginAiTurn();
  m_runner.request(game, game.toMove(), clock, control);
}

session::AiTurnResult AiTurns::finish(const ai::RefereeOutcome& outcome) {
  QStringList lines;
  for (const ai::Attempt& attempt : outcome.attempts) lines << attemptText(attempt);
  emit attemptsFinal(lines);
  session::AiTurnRecord seen;
  seen.opponent = opponent().displaySpec();
  if (opponent().kind == OpponentKind::Model) {
    seen.coords = sources::coordFormatName(opponent().sourceOptions().model.coords);
  }
  seen.attempts = outcome.attempts;
  const session::AiTurnResult turn = m_session.finishAiTurn(outcome, &seen);
  if (turn.end == session::AiTurnEnd::Failed || turn.end == session::AiTurnEnd::NoLongerFits) m_held = true;
  return turn;
}

void AiTurns::reportFailure(const ai::RefereeOutcome& outcome) {
  AiFailure why = m_runner.lastFailure();
  if (why == AiFailure::None)
    why = outcome.end == ai::MoveEnd::NoLegalMove ? AiFailure::NoLegalMove : AiFailure::Unreachable;
  emit aiFailed(QString::fromStdString(outcome.error), QString::fromStdString(outcome.logId), why);
}

}  // namespace tengen::qt
