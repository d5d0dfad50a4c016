// GameController's answer to "would discarding the game lose anything?" (docs/client.md, "Records").
#include <vector>

#include "model/game_controller.h"

namespace tengen::qt {

bool GameController::unsaved() const { return m_unsaved && (!m_fresh || playerTouched()); }

bool GameController::playerTouched() const {
  std::vector<const session::TreeNode*> pending{&m_session.tree().root()};
  while (!pending.empty()) {
    const session::TreeNode* node = pending.back();
    pending.pop_back();
    if (!node->comment.empty()) return true;
    if (node->move && node->move->color == m_session.human()) return true;
    for (const auto& child : node->children) pending.push_back(child.get());
  }
  return false;
}

}  // namespace tengen::qt
