#include "model/background.h"

#include <QMetaObject>
#include <atomic>
#include <thread>
#include <utility>

namespace tengen::qt {

Mailbox::Mailbox(QObject* receiver)
    : m_anchor(new QObject, [](QObject* anchor) { anchor->deleteLater(); }), m_receiver(receiver) {}

void Mailbox::post(std::function<void()> task) const {
  // The anchor, not the receiver, takes the event: the receiver may be deleted on its thread at any moment, while
  // the anchor lives as long as this copy. The QPointer is read only on the receiver's thread.
  QMetaObject::invokeMethod(
      m_anchor.get(),
      [receiver = m_receiver, task = std::move(task)] {
        if (receiver) task();
      },
      Qt::QueuedConnection);
}

namespace {

std::atomic<int>& threadCount() {
  // Function-local, so there is no global object whose construction order matters.
  static std::atomic<int> count{0};
  return count;
}

}  // namespace

void runDetached(std::function<void()> work) {
  ++threadCount();
  // The work's captures (a copy of the game, an engine, a GTP process) go before the thread counts as finished:
  // main() and the tests take 0 to mean that nothing of the client runs any more.
  std::thread([work = std::move(work)]() mutable {
    work();
    work = nullptr;
    --threadCount();
  }).detach();
}

int runningBackgroundThreads() { return threadCount().load(); }

}  // namespace tengen::qt
