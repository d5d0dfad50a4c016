// GameController's answer to "would discarding the game lose anything?" (docs/client.md, "Records").
#include <string>
#include <vector>

#include "model/game_controller.h"

namespace tengen::qt {

bool GameController::unsaved() const { return m_unsaved && (!m_fresh || playerMarks() != m_freshMarks); }

std::string GameController::playerMarks() const {
  std::string marks;
  std::vector<const session::TreeNode*> pending{&m_session.tree().root()};
  while (!pending.empty()) {
    const session::TreeNode* node = pending.back();
    pending.pop_back();
    if (!node->comment.empty()) marks += std::to_string(node->id) + "C" + node->comment + '\0';
    if (node->move && node->move->color == m_session.human()) marks += std::to_string(node->id) + "M\0";
    for (const auto& child : node->children) pending.push_back(child.get());
  }
  return marks;
}

}  // namespace tengen::qt
