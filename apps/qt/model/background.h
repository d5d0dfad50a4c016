// Work off the GUI thread whose results come back to it. The work runs on a thread of its own that nobody joins,
// so a model that takes a minute to answer never holds up the window, not even when it closes; a result whose
// receiver is gone by then is dropped.
#pragma once

#include <QObject>
#include <QPointer>
#include <functional>
#include <memory>

namespace tengen::qt {

// Posts functions to the thread of `receiver`, from any thread. A posted function runs there later, and only while
// the receiver still exists. Copies share one channel.
class Mailbox {
 public:
  // Precondition: called on the receiver's thread.
  explicit Mailbox(QObject* receiver);

  void post(std::function<void()> task) const;

 private:
  // Lives on the receiver's thread and outlives every worker holding a copy; deleted there with deleteLater.
  std::shared_ptr<QObject> m_anchor;
  QPointer<QObject> m_receiver;
};

// Runs `work` on a detached thread. It must hold everything it needs by value (it may outlive its starter) and
// report back through a Mailbox.
void runDetached(std::function<void()> work);

// Threads started by runDetached that have not finished yet (tests wait for 0; main() need not wait for them).
int runningBackgroundThreads();

}  // namespace tengen::qt
