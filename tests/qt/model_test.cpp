// The client's logic without widgets: its background threads, and the opponent's spec and display name (credentials
// never shown). The game model the client shares with the terminal is tested in tests/session.
#include <QtTest>
#include <atomic>
#include <memory>
#include <thread>
#include <utility>

#include "tengen/ai/error_log.h"
#include "tengen/sources/make_source.h"

#include "model/background.h"
#include "model/opponent_config.h"
#include "model/settings.h"

using namespace tengen;
using namespace tengen::qt;

class ModelTest : public QObject {
  Q_OBJECT

 private slots:
  void aBackgroundThreadCountsUntilWhatItHoldsIsGone() {
    // What a worker holds (an engine, a GTP process, a copy of the game) may take a while to go; main() and the
    // tests read 0 running threads as "nothing of the client runs any more", so the count must wait for it.
    QVERIFY(QTest::qWaitFor([] { return runningBackgroundThreads() == 0; }, 60000));
    struct Flags {
      std::atomic<bool> go{false};  // the worker holds on until the test has let go of its own reference
      std::atomic<bool> destroying{false};
      std::atomic<bool> release{false};
    };
    auto flags = std::make_shared<Flags>();
    struct Held {
      explicit Held(std::shared_ptr<Flags> f) : flags(std::move(f)) {}
      Held(const Held&) = delete;
      Held& operator=(const Held&) = delete;
      std::shared_ptr<Flags> flags;
      ~Held() {
        flags->destroying = true;
        while (!flags->release) std::this_thread::yield();
      }
    };
    auto held = std::make_shared<Held>(flags);
    runDetached([held, flags] {
      while (!flags->go) std::this_thread::yield();
    });
    held.reset();
    flags->go = true;
    QVERIFY(QTest::qWaitFor([&] { return flags->destroying.load(); }, 60000));
    const int whileDestroying = runningBackgroundThreads();
    flags->release = true;
    QCOMPARE(whileDestroying, 1);
    QVERIFY(QTest::qWaitFor([] { return runningBackgroundThreads() == 0; }, 60000));
  }

  void opponentSpecsAndNames() {
    OpponentConfig config;
    QCOMPARE(config.spec(), std::string("builtin"));
    config.builtinOptions = QStringLiteral("playouts=200");
    QCOMPARE(config.spec(), std::string("builtin:playouts=200"));
    config.kind = OpponentKind::Gtp;
    config.gtpCommand = QStringLiteral(" /usr/games/gnugo --mode gtp ");
    QCOMPARE(config.spec(), std::string("gtp:/usr/games/gnugo --mode gtp"));
    QCOMPARE(config.displayName(), QStringLiteral("GTP gnugo"));
    config.kind = OpponentKind::Model;
    config.modelUrl = QStringLiteral("https://user:secret@models.example/v1");
    config.modelName = QStringLiteral("lora_mix_qwen_r5");
    QCOMPARE(config.spec(), std::string("openai:https://user:secret@models.example/v1"));
    QCOMPARE(config.displaySpec(), std::string("openai:https://models.example/v1"));
    QCOMPARE(sources::errorContextOf("qt", config.displaySpec(), config.sourceOptions().model).model,
             std::string("lora_mix_qwen_r5"));
    config.modelName.clear();
    QVERIFY(!config.displayName().contains(QStringLiteral("secret")));
    config.kind = OpponentKind::Remote;
    config.remoteUrl = QStringLiteral("http://me:token@10.0.0.2:8080");
    QCOMPARE(config.spec(), std::string("tengen:http://me:token@10.0.0.2:8080"));
    QCOMPARE(config.displaySpec(), std::string("tengen:http://10.0.0.2:8080"));
    QCOMPARE(sources::errorContextOf("qt", config.displaySpec(), config.sourceOptions().model).model, std::string());
    for (const OpponentKind kind :
         {OpponentKind::Builtin, OpponentKind::Gtp, OpponentKind::Model, OpponentKind::Remote}) {
      QCOMPARE(kindFromName(kindName(kind)), kind);
    }
  }
};

QTEST_GUILESS_MAIN(ModelTest)
#include "model_test.moc"
