// The client's logic without widgets: the record and the view, undo of a move and its reply, dead-stone toggling by
// chain, move numbers, and the opponent's spec and display name (credentials never shown).
#include <QtTest>
#include <atomic>
#include <memory>
#include <thread>
#include <utility>

#include "tengen/ai/error_log.h"
#include "tengen/core/coords.h"
#include "tengen/session/game_model.h"

#include "model/background.h"
#include "model/opponent_config.h"
#include "model/settings.h"

using namespace tengen;
using namespace tengen::qt;
using namespace tengen::session;

namespace {

Point at(const char* vertex) { return parseGtpVertex(vertex, 9)->point; }

}  // namespace

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

  void lookingBackKeepsTheRecord() {
    GameModel model(defaultGameConfig());
    QCOMPARE(model.play(Move::play(Color::Black, at("C3"))), RejectReason::None);
    QCOMPARE(model.play(Move::play(Color::White, at("G7"))), RejectReason::None);
    QCOMPARE(model.play(Move::play(Color::Black, at("E5"))), RejectReason::None);
    QVERIFY(model.goTo(1));
    QCOMPARE(model.view().moveCount(), 1);
    QCOMPARE(model.view().board().at(at("G7")), Color::Empty);
    QCOMPARE(model.game().moveCount(), 3);
    QCOMPARE(model.lastMove()->point, at("C3"));
    QVERIFY(!model.goTo(-5) || model.viewMove() == 0);
    QCOMPARE(model.viewMove(), 0);
    QVERIFY(model.goTo(99));
    QVERIFY(model.atEnd());
  }

  void undoTakesBackThePlayersMoveAndTheReply() {
    GameModel model(defaultGameConfig());
    model.play(Move::play(Color::Black, at("C3")));
    model.play(Move::play(Color::White, at("G7")));
    model.play(Move::play(Color::Black, at("E5")));
    model.play(Move::pass(Color::White));
    QCOMPARE(model.undoLastMoveOf(Color::Black), 2);
    QCOMPARE(model.game().moveCount(), 2);
    QCOMPARE(model.game().toMove(), Color::Black);
    QCOMPARE(model.undoLastMoveOf(Color::White), 1);
    QCOMPARE(model.undoLastMoveOf(Color::White), 0);
    QCOMPARE(model.game().moveCount(), 1);
  }

  void illegalMovesChangeNothing() {
    GameModel model(defaultGameConfig());
    model.play(Move::play(Color::Black, at("C3")));
    QCOMPARE(model.play(Move::play(Color::White, at("C3"))), RejectReason::Occupied);
    QCOMPARE(model.play(Move::play(Color::Black, at("D4"))), RejectReason::WrongColor);
    QCOMPARE(model.game().moveCount(), 1);
  }

  void deadStonesToggleByChainOnlyWhileScoring() {
    GameModel model(defaultGameConfig());
    model.play(Move::play(Color::Black, at("C3")));
    model.play(Move::play(Color::White, at("G7")));
    model.play(Move::play(Color::Black, at("C4")));
    QVERIFY(!model.toggleDeadChain(at("C3")));  // still in play
    model.play(Move::pass(Color::White));
    model.play(Move::pass(Color::Black));
    QCOMPARE(model.game().phase(), Phase::Scoring);
    const std::string alive = model.score().result;
    QVERIFY(model.toggleDeadChain(at("C4")));
    QVERIFY(model.isDead(at("C3")) && model.isDead(at("C4")));
    QVERIFY(model.score().result != alive);
    QVERIFY(model.toggleDeadChain(at("C3")));
    QVERIFY(model.deadStones().empty());
    QCOMPARE(model.score().result, alive);
    QVERIFY(!model.toggleDeadChain(at("E5")));  // no stone there
    // An estimate naming empty points keeps only the stones.
    model.setDeadStones({at("G7"), at("E5")});
    QCOMPARE(model.deadStones().size(), 1U);
    model.finishScoring();
    QCOMPARE(model.game().phase(), Phase::Finished);
    QCOMPARE(model.game().result(), model.score().result);
  }

  void moveNumbersFollowTheStonesOnTheBoard() {
    // Black takes the white stone at B1; its number goes with it and the capturing stone keeps its own.
    GameModel model(defaultGameConfig());
    model.play(Move::play(Color::Black, at("A1")));
    model.play(Move::play(Color::White, at("B1")));
    model.play(Move::play(Color::Black, at("C1")));
    model.play(Move::play(Color::White, at("E5")));
    model.play(Move::play(Color::Black, at("B2")));
    const std::vector<int> numbers = model.moveNumbers();
    QCOMPARE(numbers[pointIndex(at("B1"), 9)], 0);
    QCOMPARE(numbers[pointIndex(at("B2"), 9)], 5);
    QCOMPARE(numbers[pointIndex(at("A1"), 9)], 1);
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
    QCOMPARE(ai::errorContextOf("qt", config.displaySpec(), config.sourceOptions().model).model,
             std::string("lora_mix_qwen_r5"));
    config.modelName.clear();
    QVERIFY(!config.displayName().contains(QStringLiteral("secret")));
    config.kind = OpponentKind::Remote;
    config.remoteUrl = QStringLiteral("http://me:token@10.0.0.2:8080");
    QCOMPARE(config.spec(), std::string("tengen:http://me:token@10.0.0.2:8080"));
    QCOMPARE(config.displaySpec(), std::string("tengen:http://10.0.0.2:8080"));
    QCOMPARE(ai::errorContextOf("qt", config.displaySpec(), config.sourceOptions().model).model, std::string());
    for (const OpponentKind kind :
         {OpponentKind::Builtin, OpponentKind::Gtp, OpponentKind::Model, OpponentKind::Remote}) {
      QCOMPARE(kindFromName(kindName(kind)), kind);
    }
  }
};

QTEST_GUILESS_MAIN(ModelTest)
#include "model_test.moc"
