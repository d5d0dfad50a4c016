// GameController's commands on the game tree: navigation between variations, promotion, deletion and comments
// (docs/client.md, "Variations").
#include <algorithm>

#include "model/game_controller.h"

namespace tengen::qt {

GameController::~GameController() {
  if (m_commentSave.isActive()) m_autosave.save(recordText());
}

void GameController::afterNavigation(session::NodeId lineEndBefore) {
  const bool lineChanged = m_session.model().lineEnd().id != lineEndBefore;
  if (lineChanged && m_estimating) {
    // The dead stones being found are those of the line left.
    m_estimating = false;
    ++m_estimateTicket;
  }
  // The clock runs for the side to move at the end of the line now shown (docs/client.md, "Clocks").
  if (lineChanged) runClock();
  emit changed();
  // Where the view is, the status bar's move number says; a message about the move left behind would mislead.
  emit message(QString());
  if (lineChanged && m_session.game().phase() == Phase::Scoring && m_session.model().deadStones().empty())
    startEstimate();
}

void GameController::goToNode(session::NodeId id) {
  const session::NodeId lineEnd = m_session.model().lineEnd().id;
  if (m_session.model().goToNode(id)) afterNavigation(lineEnd);
}

void GameController::previousVariation() {
  const session::NodeId lineEnd = m_session.model().lineEnd().id;
  if (m_session.model().previousVariation()) afterNavigation(lineEnd);
}

void GameController::nextVariation() {
  const session::NodeId lineEnd = m_session.model().lineEnd().id;
  if (m_session.model().nextVariation()) afterNavigation(lineEnd);
}

void GameController::promoteVariation() {
  if (!m_session.model().promoteCurrent()) {
    emit message(tr("This is the main line already"));
    return;
  }
  save();
  emit changed();
  emit message(tr("The variation is now the main line"));
}

void GameController::deleteBranch() {
  const session::NodeId lineEnd = m_session.model().lineEnd().id;
  const int removed = m_session.model().deleteCurrent();
  if (removed == 0) {
    emit message(tr("The start of the game cannot be deleted"));
    return;
  }
  if (thinking() && m_session.tree().find(m_session.askedAt()) == nullptr) {
    // The AI was thinking about a line that is gone.
    m_ai.cancel();
    m_ai.setHeld(true);
  }
  save();
  afterNavigation(lineEnd);
  emit message(tr("Deleted %n move(s)", nullptr, removed));
}

void GameController::setComment(const QString& text) {
  const std::string comment = text.toStdString();
  if (comment == m_session.model().current().comment) return;
  m_session.model().setComment(comment);
  m_unsaved = true;
  m_commentSave.start();
  emit changed();
}

}  // namespace tengen::qt
