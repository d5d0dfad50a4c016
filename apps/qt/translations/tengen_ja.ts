<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>Color</name>
    <message>
        <source>White</source>
        <translation>白</translation>
    </message>
    <message>
        <source>Black</source>
        <translation>黒</translation>
    </message>
    <message>
        <source>W</source>
        <translation>白</translation>
    </message>
    <message>
        <source>B</source>
        <translation>黒</translation>
    </message>
</context>
<context>
    <name>Move</name>
    <message>
        <source>pass</source>
        <translation>パス</translation>
    </message>
    <message>
        <source>resign</source>
        <translation>投了</translation>
    </message>
</context>
<context>
    <name>OpponentConfig</name>
    <message>
        <source>built-in engine</source>
        <translation>内蔵エンジン</translation>
    </message>
    <message>
        <source>built-in engine (%1)</source>
        <translation>内蔵エンジン（%1）</translation>
    </message>
    <message>
        <source>GTP %1</source>
        <translation>GTP %1</translation>
    </message>
    <message>
        <source>model at %1</source>
        <translation>%1 のモデル</translation>
    </message>
    <message>
        <source>model %1</source>
        <translation>モデル %1</translation>
    </message>
    <message>
        <source>tengen server %1</source>
        <translation>tengen サーバー %1</translation>
    </message>
</context>
<context>
    <name>Reason</name>
    <message>
        <source>legal</source>
        <translation>合法手</translation>
    </message>
    <message>
        <source>the game is not in play</source>
        <translation>対局中ではありません</translation>
    </message>
    <message>
        <source>it is not that player&apos;s turn</source>
        <translation>その手番ではありません</translation>
    </message>
    <message>
        <source>outside the board</source>
        <translation>盤の外です</translation>
    </message>
    <message>
        <source>stone already there</source>
        <translation>すでに石があります</translation>
    </message>
    <message>
        <source>suicide</source>
        <translation>自殺手（着手禁止点）</translation>
    </message>
    <message>
        <source>ko: immediate recapture is forbidden</source>
        <translation>コウ：すぐに取り返すことはできません</translation>
    </message>
    <message>
        <source>ko repetition: recreates an earlier position</source>
        <translation>同形反復：以前の局面に戻ります</translation>
    </message>
    <message>
        <source>no coordinate could be read from the answer</source>
        <translation>回答から座標を読み取れませんでした</translation>
    </message>
    <message>
        <source>names a point already rejected this turn</source>
        <translation>この手番ですでに却下された点です</translation>
    </message>
</context>
<context>
    <name>Result</name>
    <message>
        <source>Draw</source>
        <translation>持碁</translation>
    </message>
    <message>
        <source>B+</source>
        <translation>黒の勝ち</translation>
    </message>
    <message>
        <source>W+</source>
        <translation>白の勝ち</translation>
    </message>
    <message>
        <source>B+R</source>
        <translation>黒の中押し勝ち</translation>
    </message>
    <message>
        <source>W+R</source>
        <translation>白の中押し勝ち</translation>
    </message>
    <message>
        <source>B+T</source>
        <translation>黒の時間勝ち</translation>
    </message>
    <message>
        <source>W+T</source>
        <translation>白の時間勝ち</translation>
    </message>
    <message>
        <source>B+F</source>
        <translation>黒の不戦勝</translation>
    </message>
    <message>
        <source>W+F</source>
        <translation>白の不戦勝</translation>
    </message>
    <message>
        <source>B+%1</source>
        <translation>黒の%1目勝ち</translation>
    </message>
    <message>
        <source>W+%1</source>
        <translation>白の%1目勝ち</translation>
    </message>
</context>
<context>
    <name>Rules</name>
    <message>
        <source>Chinese</source>
        <translation>中国ルール</translation>
    </message>
    <message>
        <source>Japanese</source>
        <translation>日本ルール</translation>
    </message>
    <message>
        <source>Korean</source>
        <translation>韓国ルール</translation>
    </message>
    <message>
        <source>AGA</source>
        <translation>AGAルール</translation>
    </message>
    <message>
        <source>New Zealand</source>
        <translation>ニュージーランドルール</translation>
    </message>
    <message>
        <source>Tromp-Taylor</source>
        <translation>トロンプ・テイラールール</translation>
    </message>
</context>
<context>
    <name>TreeRecord</name>
    <message>
        <source>a node holds both B and W</source>
        <translation>1つのノードに B と W の両方があります</translation>
    </message>
    <message>
        <source>setup stones (AB, AW, AE) in a variation or after a move are not supported</source>
        <translation>変化図中や着手後の配置石（AB, AW, AE）には対応していません</translation>
    </message>
    <message>
        <source>not a move on this board</source>
        <translation>この盤上の着手ではありません</translation>
    </message>
    <message>
        <source>move %1</source>
        <translation>%1手目</translation>
    </message>
    <message>
        <source>move %1 (%2)</source>
        <translation>%1手目（%2）</translation>
    </message>
    <message>
        <source>%1: %2; loaded up to move %3</source>
        <translation>%1: %2。%3手目まで読み込みました</translation>
    </message>
    <message>
        <source>a variation&apos;s %1: %2; the variation is kept up to move %3</source>
        <translation>変化図の%1: %2。変化図は%3手目まで残しました</translation>
    </message>
    <message>
        <source>no game in the file</source>
        <translation>ファイルに棋譜がありません</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Play Go against an engine or a model, every move refereed.</source>
        <translation>エンジンやモデルと囲碁を打ちます。すべての着手は審判が確認します。</translation>
    </message>
    <message>
        <source>An SGF game record to open.</source>
        <translation>開く SGF 棋譜ファイル。</translation>
    </message>
    <message>
        <source>[FILE.sgf]</source>
        <translation>[ファイル.sgf]</translation>
    </message>
    <message>
        <source>Where the game is saved after every move (default: the application data directory).</source>
        <translation>毎手ごとに対局を保存する場所（既定: アプリケーションのデータディレクトリ）。</translation>
    </message>
    <message>
        <source>PATH</source>
        <translation>パス</translation>
    </message>
    <message>
        <source>Keep settings in this INI file instead of the user&apos;s.</source>
        <translation>ユーザーの設定の代わりにこの INI ファイルに設定を保存します。</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>ファイル</translation>
    </message>
    <message>
        <source>Where failed AI moves are logged.</source>
        <translation>AI の失敗した着手を記録する場所。</translation>
    </message>
    <message>
        <source>The language to speak: en, pt_BR or ja (default: the one chosen in View &gt; Language, else the system&apos;s).</source>
        <translation>表示する言語: en、pt_BR、ja（既定: 表示 &gt; 言語 で選んだもの、なければシステムの言語）。</translation>
    </message>
    <message>
        <source>CODE</source>
        <translation>コード</translation>
    </message>
</context>
<context>
    <name>tengen::qt::AiFailureDialog</name>
    <message>
        <source>Ask again</source>
        <translation>もう一度頼む</translation>
    </message>
    <message>
        <source>Change opponent…</source>
        <translation>対戦相手を変更…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <source>The opponent could not be reached</source>
        <translation>対戦相手に接続できませんでした</translation>
    </message>
    <message>
        <source>The AI found no legal move</source>
        <translation>AI は合法手を見つけられませんでした</translation>
    </message>
    <message>
        <source>&lt;b&gt;The opponent (%1) could not be reached.&lt;/b&gt;</source>
        <translation>&lt;b&gt;対戦相手（%1）に接続できませんでした。&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;The opponent (%1) found no legal move.&lt;/b&gt;</source>
        <translation>&lt;b&gt;対戦相手（%1）は合法手を見つけられませんでした。&lt;/b&gt;</translation>
    </message>
    <message>
        <source>The game is as it was. Ask again, change the opponent, or play on after an undo.</source>
        <translation>対局はそのままです。もう一度頼むか、対戦相手を変えるか、待ったをしてから続けてください。</translation>
    </message>
    <message>
        <source>No error-log record was written.</source>
        <translation>エラーログには何も記録されませんでした。</translation>
    </message>
    <message>
        <source>Error-log record &lt;b&gt;%1&lt;/b&gt; in %2</source>
        <translation>エラーログの記録 &lt;b&gt;%1&lt;/b&gt;（%2）</translation>
    </message>
    <message>
        <source>The opponent could not be started</source>
        <translation>対戦相手を起動できませんでした</translation>
    </message>
    <message>
        <source>&lt;b&gt;The opponent (%1) could not be started.&lt;/b&gt;</source>
        <translation>&lt;b&gt;対戦相手（%1）を起動できませんでした。&lt;/b&gt;</translation>
    </message>
    <message>
        <source>The opponent&apos;s settings cannot be used</source>
        <translation>対戦相手の設定が使えません</translation>
    </message>
    <message>
        <source>&lt;b&gt;The opponent (%1) cannot be made from its settings.&lt;/b&gt;</source>
        <translation>&lt;b&gt;対戦相手（%1）をこの設定では作れません。&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>tengen::qt::AiTurns</name>
    <message>
        <source>%1 was not sent: only commands that leave the engine&apos;s game as it is are (%2, and those added under Also allowed).</source>
        <translation>%1 は送信しませんでした: エンジンの対局を変えないコマンドだけを送ります（%2、および「追加で許可」に加えたもの）。</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 は失敗しました: %2</translation>
    </message>
</context>
<context>
    <name>tengen::qt::AttemptsPanel</name>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Ask again</source>
        <translation>もう一度頼む</translation>
    </message>
    <message>
        <source>Stop the AI thinking (Esc); its answer is dropped</source>
        <translation>AI の思考を止めます（Esc）。その回答は破棄されます</translation>
    </message>
    <message>
        <source>Ask the AI for its move again (Ctrl+G)</source>
        <translation>AI にもう一度着手を頼みます（Ctrl+G）</translation>
    </message>
    <message>
        <source>Asking %1…</source>
        <translation>%1 に問い合わせ中…</translation>
    </message>
    <message>
        <source>Asking again (attempt %1)…</source>
        <translation>再度問い合わせ中（%1回目）…</translation>
    </message>
    <message>
        <source>Opponent: %1</source>
        <translation>対戦相手: %1</translation>
    </message>
    <message>
        <source>
Waiting: ask again or change the opponent.</source>
        <translation>
待機中: もう一度頼むか、対戦相手を変えてください。</translation>
    </message>
    <message>
        <source>Prompt and picture</source>
        <translation>プロンプトと画像</translation>
    </message>
    <message>
        <source>This turn</source>
        <translation>この手番</translation>
    </message>
    <message>
        <source>Move %1 (%2 %3): %4</source>
        <translation>%1手目（%2 %3）: %4</translation>
    </message>
    <message>
        <source>The picture drawn again is the one the model was sent (SHA-256 %1…).</source>
        <translation>描き直した画像はモデルに送った画像と同じです（SHA-256 %1…）。</translation>
    </message>
    <message>
        <source>The picture drawn again differs from the one the model was sent: SHA-256 %1… recorded, %2… drawn now. This version of tengen draws the board differently from the one that played.</source>
        <translation>描き直した画像はモデルに送った画像と異なります: 記録は SHA-256 %1…、今回は %2… です。この版の tengen は対局した版とは盤を違うように描きます。</translation>
    </message>
    <message>
        <source>No AI attempts are recorded for this move.</source>
        <translation>この手には AI の試行の記録がありません。</translation>
    </message>
</context>
<context>
    <name>tengen::qt::ClockWidget</name>
    <message>
        <source>No clocks in this game</source>
        <translation>この対局は時間制限なし</translation>
    </message>
    <message>
        <source>Black</source>
        <translation>黒</translation>
    </message>
    <message>
        <source>White</source>
        <translation>白</translation>
    </message>
    <message>
        <source>Time is up</source>
        <translation>時間切れ</translation>
    </message>
    <message>
        <source>absolute</source>
        <translation>切れ負け</translation>
    </message>
    <message>
        <source>byo-yomi %1 × %2</source>
        <translation>秒読み %1 × %2</translation>
    </message>
    <message>
        <source>last period</source>
        <translation>最後の秒読み</translation>
    </message>
    <message numerus="yes">
        <source>%n period(s) left</source>
        <translation>
            <numerusform>秒読み残り%n回</numerusform>
        </translation>
    </message>
    <message>
        <source>Canadian %1 / %2</source>
        <translation>カナダ式 %1 / %2</translation>
    </message>
    <message numerus="yes">
        <source>%n stone(s) to play</source>
        <translation>
            <numerusform>残り%n手</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tengen::qt::CommentPanel</name>
    <message>
        <source>A comment on this move</source>
        <translation>この手へのコメント</translation>
    </message>
</context>
<context>
    <name>tengen::qt::GameController</name>
    <message>
        <source>Game over: %1</source>
        <translation>終局: %1</translation>
    </message>
    <message>
        <source>Scoring: finding the dead stones…</source>
        <translation>整地中: 死に石を探しています…</translation>
    </message>
    <message>
        <source>Scoring: %1</source>
        <translation>整地: %1</translation>
    </message>
    <message>
        <source>%1 to move (you)</source>
        <translation>%1の番（あなた）</translation>
    </message>
    <message>
        <source>%1 is thinking…</source>
        <translation>%1が考慮中…</translation>
    </message>
    <message>
        <source>%1 to move (%2)</source>
        <translation>%1の番（%2）</translation>
    </message>
    <message>
        <source>Time control: %1</source>
        <translation>持ち時間の設定: %1</translation>
    </message>
    <message>
        <source>New game: %1x%1, %2 rules, komi %3; you play black against %4</source>
        <translation>新しい対局: %1路盤、%2、コミ %3。あなたは黒番、相手は %4</translation>
    </message>
    <message>
        <source>New game: %1x%1, %2 rules, komi %3; you play white against %4</source>
        <translation>新しい対局: %1路盤、%2、コミ %3。あなたは白番、相手は %4</translation>
    </message>
    <message>
        <source>The autosaved game could not be read (%1)%2</source>
        <translation>自動保存された対局を読み込めませんでした（%1）%2</translation>
    </message>
    <message>
        <source>; it was kept as %1</source>
        <translation>。%1 として残しました</translation>
    </message>
    <message numerus="yes">
        <source>Restored the last game (%n move(s))</source>
        <translation>
            <numerusform>前回の対局を復元しました（%n手）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <source>Opened %1 (%n move(s))</source>
        <translation>
            <numerusform>%1 を開きました（%n手）</numerusform>
        </translation>
    </message>
    <message>
        <source>Autosave failed: %1</source>
        <translation>自動保存に失敗しました: %1</translation>
    </message>
    <message>
        <source>Wait a moment: the dead stones are being found</source>
        <translation>少々お待ちください: 死に石を判定しています</translation>
    </message>
    <message>
        <source>Tromp-Taylor rules score the board as it stands: no stone is taken off</source>
        <translation>トロンプ・テイラールールでは盤面をそのまま数えます: 石は取り除きません</translation>
    </message>
    <message>
        <source>No stone at %1 to mark dead or alive</source>
        <translation>%1 には死活を指定する石がありません</translation>
    </message>
    <message>
        <source>The AI is thinking: wait for its move or press Esc to stop it</source>
        <translation>AI が考慮中です: 着手を待つか、Esc で止めてください</translation>
    </message>
    <message>
        <source>It is %1&apos;s turn: ask the AI again (Ctrl+G), change the opponent, or undo</source>
        <translation>%1の番です: AI にもう一度頼むか（Ctrl+G）、対戦相手を変えるか、待ったをしてください</translation>
    </message>
    <message>
        <source>Illegal move %1: %2</source>
        <translation>着手できません %1: %2</translation>
    </message>
    <message>
        <source>You cannot pass now</source>
        <translation>今はパスできません</translation>
    </message>
    <message>
        <source>You cannot pass now: %1</source>
        <translation>今はパスできません: %1</translation>
    </message>
    <message>
        <source>You pass</source>
        <translation>あなたはパスしました</translation>
    </message>
    <message>
        <source>The game is not in play</source>
        <translation>対局中ではありません</translation>
    </message>
    <message>
        <source>It is your turn</source>
        <translation>あなたの番です</translation>
    </message>
    <message>
        <source>Stopped the AI; ask it again with Ctrl+G, or undo</source>
        <translation>AI を止めました。Ctrl+G でもう一度頼むか、待ったをしてください</translation>
    </message>
    <message>
        <source>Opponent: %1</source>
        <translation>対戦相手: %1</translation>
    </message>
    <message>
        <source>The AI&apos;s move %1 no longer fits the game: %2</source>
        <translation>AI の着手 %1 はもう対局に合いません: %2</translation>
    </message>
    <message>
        <source>%1 plays %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 passes</source>
        <translation>%1がパスしました</translation>
    </message>
    <message>
        <source>%1 resigns</source>
        <translation>%1が投了しました</translation>
    </message>
    <message>
        <source>%1&apos;s time is up; play goes on (losing on time is off)</source>
        <translation>%1の持ち時間が切れました。対局は続きます（時間切れ負けはオフ）</translation>
    </message>
    <message numerus="yes">
        <source>Two passes. tengen takes %n stone(s) as dead</source>
        <translation>
            <numerusform>双方パス。tengen は%n子を死に石と判定しました</numerusform>
        </translation>
    </message>
    <message>
        <source> (seki: %1)</source>
        <translation>（セキ: %1）</translation>
    </message>
    <message>
        <source>. Click a group to toggle it; Enter accepts</source>
        <translation>。石をクリックすると死活が切り替わります。Enter で確定します</translation>
    </message>
    <message>
        <source>The game was lost on time: start a new game</source>
        <translation>時間切れで負けました: 新しい対局を始めてください</translation>
    </message>
    <message>
        <source>Stopped the AI; nothing of yours to take back</source>
        <translation>AI を止めました。待ったできるあなたの手はありません</translation>
    </message>
    <message>
        <source>Nothing to undo</source>
        <translation>待ったできる手はありません</translation>
    </message>
    <message numerus="yes">
        <source>Took back %n move(s)</source>
        <translation>
            <numerusform>%n手戻しました</numerusform>
        </translation>
    </message>
    <message>
        <source>Play resumes</source>
        <translation>対局を再開します</translation>
    </message>
    <message>
        <source>This is the main line already</source>
        <translation>これはすでに本譜です</translation>
    </message>
    <message>
        <source>The variation is now the main line</source>
        <translation>この変化図を本譜にしました</translation>
    </message>
    <message>
        <source>The start of the game cannot be deleted</source>
        <translation>対局の開始局面は削除できません</translation>
    </message>
    <message numerus="yes">
        <source>Deleted %n move(s)</source>
        <translation>
            <numerusform>%n手削除しました</numerusform>
        </translation>
    </message>
    <message>
        <source>The chain at %1 is now dead</source>
        <translation>%1 の石を死に石にしました</translation>
    </message>
    <message>
        <source>The chain at %1 is now alive</source>
        <translation>%1 の石を生き石にしました</translation>
    </message>
    <message>
        <source>%1 lost on time</source>
        <translation>%1の時間切れ負け</translation>
    </message>
    <message>
        <source>The score is accepted</source>
        <translation>結果を確定しました</translation>
    </message>
</context>
<context>
    <name>tengen::qt::GtpConsole</name>
    <message>
        <source>GTP console</source>
        <translation>GTP コンソール</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>消去</translation>
    </message>
    <message>
        <source>Traffic with %1 (“&gt;” sent by tengen, “&lt;” the engine&apos;s answer)</source>
        <translation>%1 との通信（「&gt;」は tengen が送信、「&lt;」はエンジンの応答）</translation>
    </message>
    <message>
        <source>The opponent, %1, is not a GTP engine: the console shows the traffic of GTP engines played earlier, if any.</source>
        <translation>対戦相手 %1 は GTP エンジンではありません。以前に対局した GTP エンジンの通信があれば表示します。</translation>
    </message>
    <message>
        <source>a command for the engine, e.g. showboard</source>
        <translation>エンジンへのコマンド（例: showboard）</translation>
    </message>
    <message>
        <source>the engine&apos;s own read-only commands, separated by spaces</source>
        <translation>エンジン独自の読み取り専用コマンド（空白区切り）</translation>
    </message>
    <message>
        <source>Sent besides %1</source>
        <translation>%1 のほかに送信します</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>コマンド</translation>
    </message>
    <message>
        <source>Also allowed</source>
        <translation>追加で許可</translation>
    </message>
</context>
<context>
    <name>tengen::qt::MainWindow</name>
    <message>
        <source>Clocks</source>
        <translation>対局時計</translation>
    </message>
    <message>
        <source>AI attempts</source>
        <translation>AI の試行</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>ゲーム(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;New game…</source>
        <translation>新しい対局(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Open SGF…</source>
        <translation>SGF を開く(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save SGF</source>
        <translation>SGF を保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save SGF &amp;as…</source>
        <translation>名前を付けて SGF を保存(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>対局(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Pass</source>
        <translation>パス(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Undo (with the AI&apos;s reply)</source>
        <translation>待った(&amp;U)（AI の応手も戻す）</translation>
    </message>
    <message>
        <source>&amp;Resign</source>
        <translation>投了(&amp;R)</translation>
    </message>
    <message>
        <source>Resign</source>
        <translation>投了</translation>
    </message>
    <message>
        <source>Resign this game?</source>
        <translation>この対局を投了しますか？</translation>
    </message>
    <message>
        <source>Ask the AI to &amp;move</source>
        <translation>AI に着手を頼む(&amp;M)</translation>
    </message>
    <message>
        <source>Ctrl+G</source>
        <translation>Ctrl+G</translation>
    </message>
    <message>
        <source>&amp;Stop the AI</source>
        <translation>AI を止める(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Change opponent…</source>
        <translation>対戦相手を変更(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Accept the score</source>
        <translation>結果を確定(&amp;A)</translation>
    </message>
    <message>
        <source>Resume p&amp;lay</source>
        <translation>対局を再開(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Navigate</source>
        <translation>移動(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;First move</source>
        <translation>最初の手(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Back</source>
        <translation>戻る(&amp;B)</translation>
    </message>
    <message>
        <source>F&amp;orward</source>
        <translation>進む(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Last move</source>
        <translation>最後の手(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Move numbers</source>
        <translation>手順番号(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Coordinates</source>
        <translation>座標(&amp;C)</translation>
    </message>
    <message>
        <source>Score &amp;estimate</source>
        <translation>形勢判断(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Sound</source>
        <translation>サウンド(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About tengen-qt</source>
        <translation>tengen-qt について(&amp;A)</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>ゲーム</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新規</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>開く</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>パス</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>待った</translation>
    </message>
    <message>
        <source>|&lt;</source>
        <translation>|&lt;</translation>
    </message>
    <message>
        <source>&lt;</source>
        <translation>&lt;</translation>
    </message>
    <message>
        <source>&gt;</source>
        <translation>&gt;</translation>
    </message>
    <message>
        <source>&gt;|</source>
        <translation>&gt;|</translation>
    </message>
    <message>
        <source>Accept score</source>
        <translation>結果を確定</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>再開</translation>
    </message>
    <message>
        <source>&amp;Previous variation</source>
        <translation>前の変化図(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Next variation</source>
        <translation>次の変化図(&amp;N)</translation>
    </message>
    <message>
        <source>Pro&amp;mote variation to main line</source>
        <translation>変化図を本譜にする(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Delete branch…</source>
        <translation>分岐を削除(&amp;D)…</translation>
    </message>
    <message>
        <source>Estimating…</source>
        <translation>形勢判断中…</translation>
    </message>
    <message>
        <source>Captures: black %1, white %2</source>
        <translation>アゲハマ: 黒 %1、白 %2</translation>
    </message>
    <message>
        <source>Move %1</source>
        <translation>%1手目</translation>
    </message>
    <message>
        <source>Move %1 of %2</source>
        <translation>%1手目 / %2手</translation>
    </message>
    <message>
        <source>%1tengen — %2x%2 against %3</source>
        <translation>%1tengen — %2路盤 対 %3</translation>
    </message>
    <message>
        <source>The AI failed: %1</source>
        <translation>AI が失敗しました: %1</translation>
    </message>
    <message>
        <source>The AI failed (error-log record %1)</source>
        <translation>AI が失敗しました（エラーログの記録 %1）</translation>
    </message>
    <message>
        <source>Open SGF</source>
        <translation>SGF を開く</translation>
    </message>
    <message>
        <source>Could not save: %1</source>
        <translation>保存できませんでした: %1</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 を保存しました</translation>
    </message>
    <message>
        <source>SGF game records (*.sgf);;All files (*)</source>
        <translation>SGF 棋譜 (*.sgf);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Save SGF</source>
        <translation>SGF を保存</translation>
    </message>
    <message>
        <source>SGF game records (*.sgf)</source>
        <translation>SGF 棋譜 (*.sgf)</translation>
    </message>
    <message>
        <source>About tengen-qt</source>
        <translation>tengen-qt について</translation>
    </message>
    <message>
        <source>&lt;b&gt;tengen-qt&lt;/b&gt;&lt;p&gt;Play Go against the built-in engine, any GTP engine, a vision-language model or a tengen server. Every AI move passes the rules referee.&lt;/p&gt;&lt;p&gt;Failed AI moves are logged to %1&lt;/p&gt;</source>
        <translation>&lt;b&gt;tengen-qt&lt;/b&gt;&lt;p&gt;内蔵エンジン、任意の GTP エンジン、視覚言語モデル、tengen サーバーと囲碁を打ちます。AI の着手はすべてルールの審判を通ります。&lt;/p&gt;&lt;p&gt;AI の失敗した着手は %1 に記録されます&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Unsaved game</source>
        <translation>未保存の対局</translation>
    </message>
    <message>
        <source>The current game has not been saved.</source>
        <translation>現在の対局は保存されていません。</translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近使ったファイル(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Clear</source>
        <translation>消去(&amp;C)</translation>
    </message>
    <message>
        <source>Open Recent</source>
        <translation>最近使ったファイル</translation>
    </message>
    <message>
        <source>%1 no longer exists; it is taken off the recent files.</source>
        <translation>%1 はもう存在しません。最近使ったファイルから外しました。</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>言語(&amp;L)</translation>
    </message>
    <message>
        <source>The language changes the next time tengen-qt starts</source>
        <translation>言語は次回 tengen-qt を起動したときに変わります</translation>
    </message>
    <message>
        <source>System</source>
        <translation>システム</translation>
    </message>
    <message>
        <source>Show side &amp;panel</source>
        <translation>サイドパネルを表示(&amp;P)</translation>
    </message>
    <message>
        <source>Moves</source>
        <translation>手順</translation>
    </message>
    <message>
        <source>Comment</source>
        <translation>コメント</translation>
    </message>
    <message>
        <source>Delete branch</source>
        <translation>分岐を削除</translation>
    </message>
    <message numerus="yes">
        <source>Delete this move and the %n move(s) below it?</source>
        <translation>
            <numerusform>この手とその後の%n手を削除しますか？</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;GTP console</source>
        <translation>GTP コンソール(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Analysis</source>
        <translation>検討(&amp;A)</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>破棄</translation>
    </message>
    <message>
        <source>The autosaved game %1 could not be deleted (%2): the next start brings it back.</source>
        <translation>自動保存された対局 %1 を削除できませんでした (%2)。次回の起動時に復元されます。</translation>
    </message>
    <message>
        <source>Analysis e&amp;ngine…</source>
        <translation>解析エンジン(&amp;N)…</translation>
    </message>
    <message>
        <source>Analysis engine</source>
        <translation>解析エンジン</translation>
    </message>
    <message>
        <source>The command line of a GTP engine that speaks kata-analyze (KataGo) or lz-analyze (Leela Zero), e.g.
/usr/games/leelaz --gtp --noponder -w best-network
Leave it empty for the built-in engine.</source>
        <translation>kata-analyze（KataGo）または lz-analyze（Leela Zero）に対応した GTP エンジンのコマンドライン。例:
/usr/games/leelaz --gtp --noponder -w best-network
空欄にすると内蔵エンジンを使います。</translation>
    </message>
    <message>
        <source>This command line cannot be read: %1</source>
        <translation>このコマンドラインを読めません: %1</translation>
    </message>
</context>
<context>
    <name>tengen::qt::MoveTreeView</name>
    <message>
        <source>Start</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>%1 %2 %3</source>
        <translation>%1 %2 %3</translation>
    </message>
    <message>
        <source>P</source>
        <translation>パ</translation>
    </message>
    <message>
        <source>R</source>
        <translation>投</translation>
    </message>
</context>
<context>
    <name>tengen::qt::NewGameDialog</name>
    <message>
        <source>Game</source>
        <translation>対局</translation>
    </message>
    <message>
        <source>Lose on time</source>
        <translation>時間切れ負け</translation>
    </message>
    <message>
        <source>Send a picture of the board</source>
        <translation>盤面の画像を送る</translation>
    </message>
    <message>
        <source>Change opponent</source>
        <translation>対戦相手を変更</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>新しい対局</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>Black (you move first)</source>
        <translation>黒（先手）</translation>
    </message>
    <message>
        <source>White</source>
        <translation>白</translation>
    </message>
    <message>
        <source>None</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>Absolute (main time only)</source>
        <translation>切れ負け（持ち時間のみ）</translation>
    </message>
    <message>
        <source>Main time + byo-yomi</source>
        <translation>持ち時間 + 秒読み</translation>
    </message>
    <message>
        <source>Main time + Canadian overtime</source>
        <translation>持ち時間 + カナダ式秒読み</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>When a flag falls the game ends; otherwise the fallen flag is shown and play goes on</source>
        <translation>時間切れで対局を終えます。オフなら時間切れを表示して対局を続けます</translation>
    </message>
    <message>
        <source>Board size</source>
        <translation>盤の大きさ</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>ルール</translation>
    </message>
    <message>
        <source>Komi</source>
        <translation>コミ</translation>
    </message>
    <message>
        <source>Handicap</source>
        <translation>置き石</translation>
    </message>
    <message>
        <source>You play</source>
        <translation>あなたの手番</translation>
    </message>
    <message>
        <source>Clock</source>
        <translation>時間</translation>
    </message>
    <message>
        <source>Main time</source>
        <translation>持ち時間</translation>
    </message>
    <message>
        <source>Byo-yomi periods</source>
        <translation>秒読みの回数</translation>
    </message>
    <message>
        <source>Stones per period</source>
        <translation>1回あたりの手数</translation>
    </message>
    <message>
        <source>Period</source>
        <translation>秒読みの時間</translation>
    </message>
    <message>
        <source>Built-in engine</source>
        <translation>内蔵エンジン</translation>
    </message>
    <message>
        <source>GTP engine (command)</source>
        <translation>GTP エンジン（コマンド）</translation>
    </message>
    <message>
        <source>Model endpoint (OpenAI-compatible)</source>
        <translation>モデルのエンドポイント（OpenAI 互換）</translation>
    </message>
    <message>
        <source>Remote tengen server</source>
        <translation>リモートの tengen サーバー</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>オプション</translation>
    </message>
    <message>
        <source>Blank for the defaults (it resigns below a 5% winning rate; resign=0 never resigns), or e.g. time=2,playouts=50000,threads=2</source>
        <translation>空欄なら既定値（勝率5%未満で投了、resign=0 なら投了しない）。例: time=2,playouts=50000,threads=2</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>コマンド</translation>
    </message>
    <message>
        <source>Any GTP engine, e.g. /usr/games/gnugo --mode gtp --level 10</source>
        <translation>任意の GTP エンジン。例: /usr/games/gnugo --mode gtp --level 10</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>ベース URL</translation>
    </message>
    <message>
        <source>vLLM, llama-server or Ollama; the API key is read from OPENAI_API_KEY</source>
        <translation>vLLM、llama-server、Ollama など。API キーは OPENAI_API_KEY から読み込みます</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>サーバー URL</translation>
    </message>
    <message>
        <source>A `tengen serve` move server, e.g. http://127.0.0.1:8080</source>
        <translation>`tengen serve` の着手サーバー。例: http://127.0.0.1:8080</translation>
    </message>
    <message>
        <source>Opponent</source>
        <translation>対戦相手</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>変更</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>A handicap is 2 to 9 stones, or none</source>
        <translation>置き石は2〜9子、またはなしです</translation>
    </message>
    <message>
        <source>Clock: %1</source>
        <translation>時間: %1</translation>
    </message>
    <message>
        <source>Give the GTP engine&apos;s command line</source>
        <translation>GTP エンジンのコマンドラインを入力してください</translation>
    </message>
    <message>
        <source>The model&apos;s base URL starts with http:// or https://</source>
        <translation>モデルのベース URL は http:// または https:// で始まります</translation>
    </message>
    <message>
        <source>The server&apos;s URL starts with http:// or https://</source>
        <translation>サーバーの URL は http:// または https:// で始まります</translation>
    </message>
    <message>
        <source>Black (handicap stones; White moves first)</source>
        <translation>黒（置き石、白が先手）</translation>
    </message>
    <message>
        <source>White (you move first)</source>
        <translation>白（先手）</translation>
    </message>
    <message>
        <source>blank: the one the server serves</source>
        <translation>空欄: サーバーが提供するモデル</translation>
    </message>
    <message>
        <source>The model server could not be reached (%1). Start it, or enter the model&apos;s name.</source>
        <translation>モデルサーバーに接続できませんでした（%1）。サーバーを起動するか、モデル名を入力してください。</translation>
    </message>
    <message>
        <source>The server does not say which models it serves (%1). Enter the model&apos;s name.</source>
        <translation>サーバーが提供するモデルを返しませんでした（%1）。モデル名を入力してください。</translation>
    </message>
    <message>
        <source>The server lists no model. Enter the model&apos;s name.</source>
        <translation>サーバーにモデルがありません。モデル名を入力してください。</translation>
    </message>
    <message>
        <source>The server serves %1 models: choose one in Model.</source>
        <translation>サーバーには %1 個のモデルがあります。「モデル」で一つ選んでください。</translation>
    </message>
    <message>
        <source>Asking %1 which models it serves…</source>
        <translation>%1 に提供しているモデルを問い合わせています…</translation>
    </message>
</context>
<context>
    <name>tengen::qt::OpponentRunner</name>
    <message>
        <source>attempt %1: %2 accepted</source>
        <translation>%1回目: %2 を採用</translation>
    </message>
    <message>
        <source>attempt %1: %2 rejected (%3)</source>
        <translation>%1回目: %2 は却下（%3）</translation>
    </message>
</context>
<context>
    <name>tengen::qt::PositionViews</name>
    <message>
        <source>Score: %1</source>
        <translation>結果: %1</translation>
    </message>
    <message>
        <source>Estimate: %1</source>
        <translation>形勢判断: %1</translation>
    </message>
    <message>
        <source>Analysis: paused while the AI thinks</source>
        <translation>検討: AI の考慮中は休止</translation>
    </message>
    <message>
        <source>Analysing…</source>
        <translation>検討中…</translation>
    </message>
    <message numerus="yes">
        <source>Analysis: %Ln playout(s)</source>
        <translation>
            <numerusform>検討: %Ln プレイアウト</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Analysis: %1 %2%, %Ln playout(s)</source>
        <translation>
            <numerusform>検討: %1 %2%、%Ln プレイアウト</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Analysis: %1 %2%, %Ln playout(s) (limit reached)</source>
        <translation>
            <numerusform>検討: %1 %2%、%Ln プレイアウト（上限に達しました）</numerusform>
        </translation>
    </message>
    <message>
        <source>The built-in engine analyses this position: %1</source>
        <translation>この局面は内蔵エンジンが解析します: %1</translation>
    </message>
    <message>
        <source>%1 gives no ownership or score (%2): the score estimate is the built-in engine&apos;s</source>
        <translation>%1 は地の所有と目数を出しません（%2）。形勢判断は内蔵エンジンのものです</translation>
    </message>
    <message>
        <source>Estimate (%1): %2</source>
        <translation>形勢判断（%1）: %2</translation>
    </message>
    <message numerus="yes">
        <source>Analysis by %1: %2 %3%, %Ln visit(s)</source>
        <translation>
            <numerusform>%1 の解析: %2 %3%、%Ln 回訪問</numerusform>
        </translation>
    </message>
    <message>
        <source>Analysis: starting %1…</source>
        <translation>検討: %1 を起動中…</translation>
    </message>
    <message numerus="yes">
        <source>Analysis by %1: %2 %3%, %Ln visit(s) (search ended)</source>
        <translation>
            <numerusform>%1 の解析: %2 %3%、%Ln 回訪問（探索終了）</numerusform>
        </translation>
    </message>
</context>
</TS>
