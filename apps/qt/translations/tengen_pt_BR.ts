<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR">
<context>
    <name>Color</name>
    <message>
        <source>White</source>
        <translation>Brancas</translation>
    </message>
    <message>
        <source>Black</source>
        <translation>Pretas</translation>
    </message>
    <message>
        <source>W</source>
        <translation>B</translation>
    </message>
    <message>
        <source>B</source>
        <translation>P</translation>
    </message>
</context>
<context>
    <name>Move</name>
    <message>
        <source>pass</source>
        <translation>passe</translation>
    </message>
    <message>
        <source>resign</source>
        <translation>desistência</translation>
    </message>
</context>
<context>
    <name>OpponentConfig</name>
    <message>
        <source>built-in engine</source>
        <translation>motor embutido</translation>
    </message>
    <message>
        <source>built-in engine (%1)</source>
        <translation>motor embutido (%1)</translation>
    </message>
    <message>
        <source>GTP %1</source>
        <translation>GTP %1</translation>
    </message>
    <message>
        <source>model at %1</source>
        <translation>modelo em %1</translation>
    </message>
    <message>
        <source>model %1</source>
        <translation>modelo %1</translation>
    </message>
    <message>
        <source>tengen server %1</source>
        <translation>servidor tengen %1</translation>
    </message>
</context>
<context>
    <name>Reason</name>
    <message>
        <source>legal</source>
        <translation>lance permitido</translation>
    </message>
    <message>
        <source>the game is not in play</source>
        <translation>a partida não está em andamento</translation>
    </message>
    <message>
        <source>it is not that player&apos;s turn</source>
        <translation>não é a vez desse jogador</translation>
    </message>
    <message>
        <source>outside the board</source>
        <translation>fora do tabuleiro</translation>
    </message>
    <message>
        <source>stone already there</source>
        <translation>já há uma pedra ali</translation>
    </message>
    <message>
        <source>suicide</source>
        <translation>suicídio</translation>
    </message>
    <message>
        <source>ko: immediate recapture is forbidden</source>
        <translation>ko: a recaptura imediata é proibida</translation>
    </message>
    <message>
        <source>ko repetition: recreates an earlier position</source>
        <translation>repetição de ko: recria uma posição anterior</translation>
    </message>
    <message>
        <source>no coordinate could be read from the answer</source>
        <translation>não foi possível ler uma coordenada da resposta</translation>
    </message>
    <message>
        <source>names a point already rejected this turn</source>
        <translation>indica um ponto já rejeitado neste lance</translation>
    </message>
</context>
<context>
    <name>Result</name>
    <message>
        <source>Draw</source>
        <translation>Empate</translation>
    </message>
    <message>
        <source>B+</source>
        <translation>Pretas vencem</translation>
    </message>
    <message>
        <source>W+</source>
        <translation>Brancas vencem</translation>
    </message>
    <message>
        <source>B+R</source>
        <translation>Pretas vencem por desistência</translation>
    </message>
    <message>
        <source>W+R</source>
        <translation>Brancas vencem por desistência</translation>
    </message>
    <message>
        <source>B+T</source>
        <translation>Pretas vencem por tempo</translation>
    </message>
    <message>
        <source>W+T</source>
        <translation>Brancas vencem por tempo</translation>
    </message>
    <message>
        <source>B+F</source>
        <translation>Pretas vencem por W.O.</translation>
    </message>
    <message>
        <source>W+F</source>
        <translation>Brancas vencem por W.O.</translation>
    </message>
    <message>
        <source>B+%1</source>
        <translation>Pretas vencem por %1 pontos</translation>
    </message>
    <message>
        <source>W+%1</source>
        <translation>Brancas vencem por %1 pontos</translation>
    </message>
</context>
<context>
    <name>Rules</name>
    <message>
        <source>Chinese</source>
        <translation>Chinesas</translation>
    </message>
    <message>
        <source>Japanese</source>
        <translation>Japonesas</translation>
    </message>
    <message>
        <source>Korean</source>
        <translation>Coreanas</translation>
    </message>
    <message>
        <source>AGA</source>
        <translation>AGA</translation>
    </message>
    <message>
        <source>New Zealand</source>
        <translation>Nova Zelândia</translation>
    </message>
    <message>
        <source>Tromp-Taylor</source>
        <translation>Tromp-Taylor</translation>
    </message>
</context>
<context>
    <name>TreeRecord</name>
    <message>
        <source>a node holds both B and W</source>
        <translation>um nó contém B e W ao mesmo tempo</translation>
    </message>
    <message>
        <source>setup stones (AB, AW, AE) in a variation or after a move are not supported</source>
        <translation>pedras de configuração (AB, AW, AE) numa variação ou depois de um lance não são suportadas</translation>
    </message>
    <message>
        <source>not a move on this board</source>
        <translation>não é um lance neste tabuleiro</translation>
    </message>
    <message>
        <source>move %1</source>
        <translation>lance %1</translation>
    </message>
    <message>
        <source>move %1 (%2)</source>
        <translation>lance %1 (%2)</translation>
    </message>
    <message>
        <source>%1: %2; loaded up to move %3</source>
        <translation>%1: %2; carregado até o lance %3</translation>
    </message>
    <message>
        <source>a variation&apos;s %1: %2; the variation is kept up to move %3</source>
        <translation>%1 de uma variação: %2; a variação foi mantida até o lance %3</translation>
    </message>
    <message>
        <source>no game in the file</source>
        <translation>não há partida no arquivo</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Play Go against an engine or a model, every move refereed.</source>
        <translation>Jogue Go contra um motor ou um modelo, com cada lance arbitrado.</translation>
    </message>
    <message>
        <source>An SGF game record to open.</source>
        <translation>Um registro de partida SGF para abrir.</translation>
    </message>
    <message>
        <source>[FILE.sgf]</source>
        <translation>[ARQUIVO.sgf]</translation>
    </message>
    <message>
        <source>Where the game is saved after every move (default: the application data directory).</source>
        <translation>Onde a partida é salva após cada lance (padrão: o diretório de dados do aplicativo).</translation>
    </message>
    <message>
        <source>PATH</source>
        <translation>CAMINHO</translation>
    </message>
    <message>
        <source>Keep settings in this INI file instead of the user&apos;s.</source>
        <translation>Guardar as configurações neste arquivo INI em vez do arquivo do usuário.</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>ARQUIVO</translation>
    </message>
    <message>
        <source>Where failed AI moves are logged.</source>
        <translation>Onde os lances de IA que falharam são registrados.</translation>
    </message>
    <message>
        <source>The language to speak: en, pt_BR or ja (default: the one chosen in View &gt; Language, else the system&apos;s).</source>
        <translation>O idioma a usar: en, pt_BR ou ja (padrão: o escolhido em Exibir &gt; Idioma, senão o do sistema).</translation>
    </message>
    <message>
        <source>CODE</source>
        <translation>CÓDIGO</translation>
    </message>
</context>
<context>
    <name>tengen::qt::AiFailureDialog</name>
    <message>
        <source>Ask again</source>
        <translation>Perguntar de novo</translation>
    </message>
    <message>
        <source>Change opponent…</source>
        <translation>Trocar adversário…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <source>The opponent could not be reached</source>
        <translation>Não foi possível contatar o adversário</translation>
    </message>
    <message>
        <source>The AI found no legal move</source>
        <translation>A IA não encontrou um lance legal</translation>
    </message>
    <message>
        <source>&lt;b&gt;The opponent (%1) could not be reached.&lt;/b&gt;</source>
        <translation>&lt;b&gt;Não foi possível contatar o adversário (%1).&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;The opponent (%1) found no legal move.&lt;/b&gt;</source>
        <translation>&lt;b&gt;O adversário (%1) não encontrou um lance legal.&lt;/b&gt;</translation>
    </message>
    <message>
        <source>The game is as it was. Ask again, change the opponent, or play on after an undo.</source>
        <translation>A partida continua como estava. Pergunte de novo, troque o adversário ou continue depois de desfazer um lance.</translation>
    </message>
    <message>
        <source>No error-log record was written.</source>
        <translation>Nenhum registro foi gravado no log de erros.</translation>
    </message>
    <message>
        <source>Error-log record &lt;b&gt;%1&lt;/b&gt; in %2</source>
        <translation>Registro &lt;b&gt;%1&lt;/b&gt; do log de erros em %2</translation>
    </message>
    <message>
        <source>The opponent could not be started</source>
        <translation>Não foi possível iniciar o adversário</translation>
    </message>
    <message>
        <source>&lt;b&gt;The opponent (%1) could not be started.&lt;/b&gt;</source>
        <translation>&lt;b&gt;Não foi possível iniciar o adversário (%1).&lt;/b&gt;</translation>
    </message>
    <message>
        <source>The opponent&apos;s settings cannot be used</source>
        <translation>As configurações do adversário não podem ser usadas</translation>
    </message>
    <message>
        <source>&lt;b&gt;The opponent (%1) cannot be made from its settings.&lt;/b&gt;</source>
        <translation>&lt;b&gt;O adversário (%1) não pode ser criado com estas configurações.&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>tengen::qt::AiTurns</name>
    <message>
        <source>%1 was not sent: only commands that leave the engine&apos;s game as it is are (%2, and those added under Also allowed).</source>
        <translation>%1 não foi enviado: só são enviados comandos que deixam a partida do motor como está (%2, e os acrescentados em Também permitidos).</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 falhou: %2</translation>
    </message>
</context>
<context>
    <name>tengen::qt::AttemptsPanel</name>
    <message>
        <source>Stop</source>
        <translation>Parar</translation>
    </message>
    <message>
        <source>Ask again</source>
        <translation>Perguntar de novo</translation>
    </message>
    <message>
        <source>Stop the AI thinking (Esc); its answer is dropped</source>
        <translation>Interromper o raciocínio da IA (Esc); a resposta dela é descartada</translation>
    </message>
    <message>
        <source>Ask the AI for its move again (Ctrl+G)</source>
        <translation>Pedir de novo o lance da IA (Ctrl+G)</translation>
    </message>
    <message>
        <source>Asking %1…</source>
        <translation>Perguntando a %1…</translation>
    </message>
    <message>
        <source>Asking again (attempt %1)…</source>
        <translation>Perguntando de novo (tentativa %1)…</translation>
    </message>
    <message>
        <source>Opponent: %1</source>
        <translation>Adversário: %1</translation>
    </message>
    <message>
        <source>
Waiting: ask again or change the opponent.</source>
        <translation>
Aguardando: pergunte de novo ou troque o adversário.</translation>
    </message>
    <message>
        <source>Prompt and picture</source>
        <translation>Prompt e imagem</translation>
    </message>
    <message>
        <source>This turn</source>
        <translation>Vez atual</translation>
    </message>
    <message>
        <source>Move %1 (%2 %3): %4</source>
        <translation>Lance %1 (%2 %3): %4</translation>
    </message>
    <message>
        <source>The picture drawn again is the one the model was sent (SHA-256 %1…).</source>
        <translation>A imagem desenhada de novo é a que o modelo recebeu (SHA-256 %1…).</translation>
    </message>
    <message>
        <source>The picture drawn again differs from the one the model was sent: SHA-256 %1… recorded, %2… drawn now. This version of tengen draws the board differently from the one that played.</source>
        <translation>A imagem desenhada de novo difere da que o modelo recebeu: SHA-256 %1… registrado, %2… desenhado agora. Esta versão do tengen desenha o tabuleiro de outro modo que a versão que jogou.</translation>
    </message>
    <message>
        <source>No AI attempts are recorded for this move.</source>
        <translation>Não há tentativas da IA registradas para este lance.</translation>
    </message>
</context>
<context>
    <name>tengen::qt::ClockWidget</name>
    <message>
        <source>No clocks in this game</source>
        <translation>Sem relógios nesta partida</translation>
    </message>
    <message>
        <source>Black</source>
        <translation>Pretas</translation>
    </message>
    <message>
        <source>White</source>
        <translation>Brancas</translation>
    </message>
    <message>
        <source>Time is up</source>
        <translation>O tempo acabou</translation>
    </message>
    <message>
        <source>absolute</source>
        <translation>absoluto</translation>
    </message>
    <message>
        <source>byo-yomi %1 × %2</source>
        <translation>byo-yomi %1 × %2</translation>
    </message>
    <message>
        <source>last period</source>
        <translation>último período</translation>
    </message>
    <message numerus="yes">
        <source>%n period(s) left</source>
        <translation>
            <numerusform>resta %n período</numerusform>
            <numerusform>restam %n períodos</numerusform>
        </translation>
    </message>
    <message>
        <source>Canadian %1 / %2</source>
        <translation>canadense %1 / %2</translation>
    </message>
    <message numerus="yes">
        <source>%n stone(s) to play</source>
        <translation>
            <numerusform>falta %n pedra</numerusform>
            <numerusform>faltam %n pedras</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tengen::qt::CommentPanel</name>
    <message>
        <source>A comment on this move</source>
        <translation>Um comentário sobre este lance</translation>
    </message>
</context>
<context>
    <name>tengen::qt::GameController</name>
    <message>
        <source>Game over: %1</source>
        <translation>Fim de partida: %1</translation>
    </message>
    <message>
        <source>Scoring: finding the dead stones…</source>
        <translation>Contagem: procurando as pedras mortas…</translation>
    </message>
    <message>
        <source>Scoring: %1</source>
        <translation>Contagem: %1</translation>
    </message>
    <message>
        <source>%1 to move (you)</source>
        <translation>Vez das %1 (você)</translation>
    </message>
    <message>
        <source>%1 is thinking…</source>
        <translation>%1 pensando…</translation>
    </message>
    <message>
        <source>%1 to move (%2)</source>
        <translation>Vez das %1 (%2)</translation>
    </message>
    <message>
        <source>Time control: %1</source>
        <translation>Controle de tempo: %1</translation>
    </message>
    <message>
        <source>New game: %1x%1, %2 rules, komi %3; you play black against %4</source>
        <translation>Nova partida: %1x%1, regras %2, komi %3; você joga com as pretas contra %4</translation>
    </message>
    <message>
        <source>New game: %1x%1, %2 rules, komi %3; you play white against %4</source>
        <translation>Nova partida: %1x%1, regras %2, komi %3; você joga com as brancas contra %4</translation>
    </message>
    <message>
        <source>The autosaved game could not be read (%1)%2</source>
        <translation>Não foi possível ler a partida salva automaticamente (%1)%2</translation>
    </message>
    <message>
        <source>; it was kept as %1</source>
        <translation>; ela foi guardada como %1</translation>
    </message>
    <message numerus="yes">
        <source>Restored the last game (%n move(s))</source>
        <translation>
            <numerusform>Última partida restaurada (%n lance)</numerusform>
            <numerusform>Última partida restaurada (%n lances)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message numerus="yes">
        <source>Opened %1 (%n move(s))</source>
        <translation>
            <numerusform>%1 aberto (%n lance)</numerusform>
            <numerusform>%1 aberto (%n lances)</numerusform>
        </translation>
    </message>
    <message>
        <source>Autosave failed: %1</source>
        <translation>Falha no salvamento automático: %1</translation>
    </message>
    <message>
        <source>Wait a moment: the dead stones are being found</source>
        <translation>Aguarde um momento: as pedras mortas estão sendo procuradas</translation>
    </message>
    <message>
        <source>Tromp-Taylor rules score the board as it stands: no stone is taken off</source>
        <translation>As regras Tromp-Taylor contam o tabuleiro como está: nenhuma pedra é retirada</translation>
    </message>
    <message>
        <source>No stone at %1 to mark dead or alive</source>
        <translation>Não há pedra em %1 para marcar como morta ou viva</translation>
    </message>
    <message>
        <source>The AI is thinking: wait for its move or press Esc to stop it</source>
        <translation>A IA está pensando: aguarde o lance dela ou pressione Esc para pará-la</translation>
    </message>
    <message>
        <source>It is %1&apos;s turn: ask the AI again (Ctrl+G), change the opponent, or undo</source>
        <translation>É a vez das %1: peça de novo à IA (Ctrl+G), troque o adversário ou desfaça</translation>
    </message>
    <message>
        <source>Illegal move %1: %2</source>
        <translation>Lance ilegal %1: %2</translation>
    </message>
    <message>
        <source>You cannot pass now</source>
        <translation>Você não pode passar agora</translation>
    </message>
    <message>
        <source>You cannot pass now: %1</source>
        <translation>Você não pode passar agora: %1</translation>
    </message>
    <message>
        <source>You pass</source>
        <translation>Você passa</translation>
    </message>
    <message>
        <source>The game is not in play</source>
        <translation>A partida não está em andamento</translation>
    </message>
    <message>
        <source>It is your turn</source>
        <translation>É a sua vez</translation>
    </message>
    <message>
        <source>Stopped the AI; ask it again with Ctrl+G, or undo</source>
        <translation>IA interrompida; peça de novo com Ctrl+G ou desfaça</translation>
    </message>
    <message>
        <source>Opponent: %1</source>
        <translation>Adversário: %1</translation>
    </message>
    <message>
        <source>The AI&apos;s move %1 no longer fits the game: %2</source>
        <translation>O lance %1 da IA não cabe mais na partida: %2</translation>
    </message>
    <message>
        <source>%1 plays %2</source>
        <translation>%1 jogam %2</translation>
    </message>
    <message>
        <source>%1 passes</source>
        <translation>%1 passam</translation>
    </message>
    <message>
        <source>%1 resigns</source>
        <translation>%1 desistem</translation>
    </message>
    <message>
        <source>%1&apos;s time is up; play goes on (losing on time is off)</source>
        <translation>O tempo das %1 acabou; o jogo continua (derrota por tempo desligada)</translation>
    </message>
    <message numerus="yes">
        <source>Two passes. tengen takes %n stone(s) as dead</source>
        <translation>
            <numerusform>Dois passes. O tengen considera %n pedra morta</numerusform>
            <numerusform>Dois passes. O tengen considera %n pedras mortas</numerusform>
        </translation>
    </message>
    <message>
        <source> (seki: %1)</source>
        <translation> (seki: %1)</translation>
    </message>
    <message>
        <source>. Click a group to toggle it; Enter accepts</source>
        <translation>. Clique num grupo para alterná-lo; Enter aceita</translation>
    </message>
    <message>
        <source>The game was lost on time: start a new game</source>
        <translation>A partida foi perdida por tempo: comece uma nova partida</translation>
    </message>
    <message>
        <source>Stopped the AI; nothing of yours to take back</source>
        <translation>IA interrompida; não há lance seu para desfazer</translation>
    </message>
    <message>
        <source>Nothing to undo</source>
        <translation>Nada para desfazer</translation>
    </message>
    <message numerus="yes">
        <source>Took back %n move(s)</source>
        <translation>
            <numerusform>%n lance desfeito</numerusform>
            <numerusform>%n lances desfeitos</numerusform>
        </translation>
    </message>
    <message>
        <source>Play resumes</source>
        <translation>O jogo recomeça</translation>
    </message>
    <message>
        <source>This is the main line already</source>
        <translation>Esta já é a linha principal</translation>
    </message>
    <message>
        <source>The variation is now the main line</source>
        <translation>A variação agora é a linha principal</translation>
    </message>
    <message>
        <source>The start of the game cannot be deleted</source>
        <translation>O início da partida não pode ser apagado</translation>
    </message>
    <message numerus="yes">
        <source>Deleted %n move(s)</source>
        <translation>
            <numerusform>%n lance apagado</numerusform>
            <numerusform>%n lances apagados</numerusform>
        </translation>
    </message>
    <message>
        <source>The chain at %1 is now dead</source>
        <translation>O grupo em %1 agora está morto</translation>
    </message>
    <message>
        <source>The chain at %1 is now alive</source>
        <translation>O grupo em %1 agora está vivo</translation>
    </message>
    <message>
        <source>%1 lost on time</source>
        <translation>%1 perderam por tempo</translation>
    </message>
    <message>
        <source>The score is accepted</source>
        <translation>O resultado foi aceito</translation>
    </message>
</context>
<context>
    <name>tengen::qt::GtpConsole</name>
    <message>
        <source>GTP console</source>
        <translation>Console GTP</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Limpar</translation>
    </message>
    <message>
        <source>Traffic with %1 (“&gt;” sent by tengen, “&lt;” the engine&apos;s answer)</source>
        <translation>Tráfego com %1 (“&gt;” enviado pelo tengen, “&lt;” a resposta do motor)</translation>
    </message>
    <message>
        <source>The opponent, %1, is not a GTP engine: the console shows the traffic of GTP engines played earlier, if any.</source>
        <translation>O adversário, %1, não é um motor GTP: o console mostra o tráfego de motores GTP com que se jogou antes, se houver.</translation>
    </message>
    <message>
        <source>a command for the engine, e.g. showboard</source>
        <translation>um comando para o motor, p. ex. showboard</translation>
    </message>
    <message>
        <source>the engine&apos;s own read-only commands, separated by spaces</source>
        <translation>os comandos somente leitura do próprio motor, separados por espaços</translation>
    </message>
    <message>
        <source>Sent besides %1</source>
        <translation>Enviados além de %1</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Comando</translation>
    </message>
    <message>
        <source>Also allowed</source>
        <translation>Também permitidos</translation>
    </message>
</context>
<context>
    <name>tengen::qt::MainWindow</name>
    <message>
        <source>Clocks</source>
        <translation>Relógios</translation>
    </message>
    <message>
        <source>AI attempts</source>
        <translation>Tentativas da IA</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>&amp;Partida</translation>
    </message>
    <message>
        <source>&amp;New game…</source>
        <translation>&amp;Nova partida…</translation>
    </message>
    <message>
        <source>&amp;Open SGF…</source>
        <translation>&amp;Abrir SGF…</translation>
    </message>
    <message>
        <source>&amp;Save SGF</source>
        <translation>&amp;Salvar SGF</translation>
    </message>
    <message>
        <source>Save SGF &amp;as…</source>
        <translation>Salvar SGF &amp;como…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>Sa&amp;ir</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>&amp;Jogar</translation>
    </message>
    <message>
        <source>&amp;Pass</source>
        <translation>&amp;Passar</translation>
    </message>
    <message>
        <source>&amp;Undo (with the AI&apos;s reply)</source>
        <translation>&amp;Desfazer (com a resposta da IA)</translation>
    </message>
    <message>
        <source>&amp;Resign</source>
        <translation>D&amp;esistir</translation>
    </message>
    <message>
        <source>Resign</source>
        <translation>Desistir</translation>
    </message>
    <message>
        <source>Resign this game?</source>
        <translation>Desistir desta partida?</translation>
    </message>
    <message>
        <source>Ask the AI to &amp;move</source>
        <translation>Pedir um lance à &amp;IA</translation>
    </message>
    <message>
        <source>Ctrl+G</source>
        <translation>Ctrl+G</translation>
    </message>
    <message>
        <source>&amp;Stop the AI</source>
        <translation>Pa&amp;rar a IA</translation>
    </message>
    <message>
        <source>&amp;Change opponent…</source>
        <translation>&amp;Trocar adversário…</translation>
    </message>
    <message>
        <source>&amp;Accept the score</source>
        <translation>&amp;Aceitar a pontuação</translation>
    </message>
    <message>
        <source>Resume p&amp;lay</source>
        <translation>Reto&amp;mar o jogo</translation>
    </message>
    <message>
        <source>&amp;Navigate</source>
        <translation>&amp;Navegar</translation>
    </message>
    <message>
        <source>&amp;First move</source>
        <translation>&amp;Primeiro lance</translation>
    </message>
    <message>
        <source>&amp;Back</source>
        <translation>&amp;Voltar</translation>
    </message>
    <message>
        <source>F&amp;orward</source>
        <translation>&amp;Avançar</translation>
    </message>
    <message>
        <source>&amp;Last move</source>
        <translation>Ú&amp;ltimo lance</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>E&amp;xibir</translation>
    </message>
    <message>
        <source>&amp;Move numbers</source>
        <translation>&amp;Números dos lances</translation>
    </message>
    <message>
        <source>&amp;Coordinates</source>
        <translation>&amp;Coordenadas</translation>
    </message>
    <message>
        <source>Score &amp;estimate</source>
        <translation>&amp;Estimativa de pontuação</translation>
    </message>
    <message>
        <source>&amp;Sound</source>
        <translation>&amp;Som</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Aj&amp;uda</translation>
    </message>
    <message>
        <source>&amp;About tengen-qt</source>
        <translation>&amp;Sobre o tengen-qt</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Partida</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Nova</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Abrir</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Salvar</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>Passar</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Desfazer</translation>
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
        <translation>Aceitar pontuação</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Retomar</translation>
    </message>
    <message>
        <source>&amp;Previous variation</source>
        <translation>Variação &amp;anterior</translation>
    </message>
    <message>
        <source>&amp;Next variation</source>
        <translation>&amp;Próxima variação</translation>
    </message>
    <message>
        <source>Pro&amp;mote variation to main line</source>
        <translation>Pro&amp;mover a variação a linha principal</translation>
    </message>
    <message>
        <source>&amp;Delete branch…</source>
        <translation>&amp;Apagar ramo…</translation>
    </message>
    <message>
        <source>Estimating…</source>
        <translation>Estimando…</translation>
    </message>
    <message>
        <source>Captures: black %1, white %2</source>
        <translation>Capturas: pretas %1, brancas %2</translation>
    </message>
    <message>
        <source>Move %1</source>
        <translation>Lance %1</translation>
    </message>
    <message>
        <source>Move %1 of %2</source>
        <translation>Lance %1 de %2</translation>
    </message>
    <message>
        <source>%1tengen — %2x%2 against %3</source>
        <translation>%1tengen — %2x%2 contra %3</translation>
    </message>
    <message>
        <source>The AI failed: %1</source>
        <translation>A IA falhou: %1</translation>
    </message>
    <message>
        <source>The AI failed (error-log record %1)</source>
        <translation>A IA falhou (registro %1 do log de erros)</translation>
    </message>
    <message>
        <source>Open SGF</source>
        <translation>Abrir SGF</translation>
    </message>
    <message>
        <source>Could not save: %1</source>
        <translation>Não foi possível salvar: %1</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 salvo</translation>
    </message>
    <message>
        <source>SGF game records (*.sgf);;All files (*)</source>
        <translation>Registros de partida SGF (*.sgf);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>Save SGF</source>
        <translation>Salvar SGF</translation>
    </message>
    <message>
        <source>SGF game records (*.sgf)</source>
        <translation>Registros de partida SGF (*.sgf)</translation>
    </message>
    <message>
        <source>About tengen-qt</source>
        <translation>Sobre o tengen-qt</translation>
    </message>
    <message>
        <source>&lt;b&gt;tengen-qt&lt;/b&gt;&lt;p&gt;Play Go against the built-in engine, any GTP engine, a vision-language model or a tengen server. Every AI move passes the rules referee.&lt;/p&gt;&lt;p&gt;Failed AI moves are logged to %1&lt;/p&gt;</source>
        <translation>&lt;b&gt;tengen-qt&lt;/b&gt;&lt;p&gt;Jogue Go contra o motor embutido, qualquer motor GTP, um modelo de visão e linguagem ou um servidor tengen. Todo lance da IA passa pelo árbitro das regras.&lt;/p&gt;&lt;p&gt;Os lances de IA que falharam são registrados em %1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Unsaved game</source>
        <translation>Partida não salva</translation>
    </message>
    <message>
        <source>The current game has not been saved.</source>
        <translation>A partida atual não foi salva.</translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Abrir &amp;recente</translation>
    </message>
    <message>
        <source>&amp;Clear</source>
        <translation>&amp;Limpar</translation>
    </message>
    <message>
        <source>Open Recent</source>
        <translation>Abrir recente</translation>
    </message>
    <message>
        <source>%1 no longer exists; it is taken off the recent files.</source>
        <translation>%1 não existe mais; ele foi retirado dos arquivos recentes.</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <source>The language changes the next time tengen-qt starts</source>
        <translation>O idioma muda na próxima vez que o tengen-qt for iniciado</translation>
    </message>
    <message>
        <source>System</source>
        <translation>Sistema</translation>
    </message>
    <message>
        <source>Show side &amp;panel</source>
        <translation>Mostrar &amp;painel lateral</translation>
    </message>
    <message>
        <source>Moves</source>
        <translation>Lances</translation>
    </message>
    <message>
        <source>Comment</source>
        <translation>Comentário</translation>
    </message>
    <message>
        <source>Delete branch</source>
        <translation>Apagar ramo</translation>
    </message>
    <message numerus="yes">
        <source>Delete this move and the %n move(s) below it?</source>
        <translation>
            <numerusform>Apagar este lance e o %n lance abaixo dele?</numerusform>
            <numerusform>Apagar este lance e os %n lances abaixo dele?</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;GTP console</source>
        <translation>Console &amp;GTP</translation>
    </message>
    <message>
        <source>&amp;Analysis</source>
        <translation>&amp;Análise</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Descartar</translation>
    </message>
    <message>
        <source>The autosaved game %1 could not be deleted (%2): the next start brings it back.</source>
        <translation>A partida salva automaticamente %1 não pôde ser apagada (%2): ela volta na próxima vez que o programa abrir.</translation>
    </message>
    <message>
        <source>Analysis e&amp;ngine…</source>
        <translation>&amp;Motor de análise…</translation>
    </message>
    <message>
        <source>Analysis engine</source>
        <translation>Motor de análise</translation>
    </message>
    <message>
        <source>The command line of a GTP engine that speaks kata-analyze (KataGo) or lz-analyze (Leela Zero), e.g.
/usr/games/leelaz --gtp --noponder -w best-network
Leave it empty for the built-in engine.</source>
        <translation>A linha de comando de um motor GTP que fale kata-analyze (KataGo) ou lz-analyze (Leela Zero), p. ex.
/usr/games/leelaz --gtp --noponder -w best-network
Deixe vazia para o motor embutido.</translation>
    </message>
    <message>
        <source>This command line cannot be read: %1</source>
        <translation>Não é possível ler esta linha de comando: %1</translation>
    </message>
</context>
<context>
    <name>tengen::qt::MoveTreeView</name>
    <message>
        <source>Start</source>
        <translation>Início</translation>
    </message>
    <message>
        <source>%1 %2 %3</source>
        <translation>%1 %2 %3</translation>
    </message>
    <message>
        <source>P</source>
        <translation>P</translation>
    </message>
    <message>
        <source>R</source>
        <translation>D</translation>
    </message>
</context>
<context>
    <name>tengen::qt::NewGameDialog</name>
    <message>
        <source>Game</source>
        <translation>Partida</translation>
    </message>
    <message>
        <source>Lose on time</source>
        <translation>Perder por tempo</translation>
    </message>
    <message>
        <source>Send a picture of the board</source>
        <translation>Enviar uma imagem do tabuleiro</translation>
    </message>
    <message>
        <source>Change opponent</source>
        <translation>Trocar adversário</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>Nova partida</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message>
        <source>Black (you move first)</source>
        <translation>Pretas (você começa)</translation>
    </message>
    <message>
        <source>White</source>
        <translation>Brancas</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Nenhum</translation>
    </message>
    <message>
        <source>Absolute (main time only)</source>
        <translation>Absoluto (só tempo principal)</translation>
    </message>
    <message>
        <source>Main time + byo-yomi</source>
        <translation>Tempo principal + byo-yomi</translation>
    </message>
    <message>
        <source>Main time + Canadian overtime</source>
        <translation>Tempo principal + prorrogação canadense</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>When a flag falls the game ends; otherwise the fallen flag is shown and play goes on</source>
        <translation>Quando o tempo de um lado acaba, a partida termina; senão, isso é mostrado e o jogo continua</translation>
    </message>
    <message>
        <source>Board size</source>
        <translation>Tamanho do tabuleiro</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Regras</translation>
    </message>
    <message>
        <source>Komi</source>
        <translation>Komi</translation>
    </message>
    <message>
        <source>Handicap</source>
        <translation>Handicap</translation>
    </message>
    <message>
        <source>You play</source>
        <translation>Você joga com</translation>
    </message>
    <message>
        <source>Clock</source>
        <translation>Relógio</translation>
    </message>
    <message>
        <source>Main time</source>
        <translation>Tempo principal</translation>
    </message>
    <message>
        <source>Byo-yomi periods</source>
        <translation>Períodos de byo-yomi</translation>
    </message>
    <message>
        <source>Stones per period</source>
        <translation>Pedras por período</translation>
    </message>
    <message>
        <source>Period</source>
        <translation>Período</translation>
    </message>
    <message>
        <source>Built-in engine</source>
        <translation>Motor embutido</translation>
    </message>
    <message>
        <source>GTP engine (command)</source>
        <translation>Motor GTP (comando)</translation>
    </message>
    <message>
        <source>Model endpoint (OpenAI-compatible)</source>
        <translation>Endpoint de modelo (compatível com OpenAI)</translation>
    </message>
    <message>
        <source>Remote tengen server</source>
        <translation>Servidor tengen remoto</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>Opções</translation>
    </message>
    <message>
        <source>Blank for the defaults (it resigns below a 5% winning rate; resign=0 never resigns), or e.g. time=2,playouts=50000,threads=2</source>
        <translation>Em branco para os padrões (desiste abaixo de 5% de chance de vitória; resign=0 nunca desiste), ou p. ex. time=2,playouts=50000,threads=2</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Comando</translation>
    </message>
    <message>
        <source>Any GTP engine, e.g. /usr/games/gnugo --mode gtp --level 10</source>
        <translation>Qualquer motor GTP, p. ex. /usr/games/gnugo --mode gtp --level 10</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>URL base</translation>
    </message>
    <message>
        <source>vLLM, llama-server or Ollama; the API key is read from OPENAI_API_KEY</source>
        <translation>vLLM, llama-server ou Ollama; a chave da API é lida de OPENAI_API_KEY</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>URL do servidor</translation>
    </message>
    <message>
        <source>A `tengen serve` move server, e.g. http://127.0.0.1:8080</source>
        <translation>Um servidor de lances `tengen serve`, p. ex. http://127.0.0.1:8080</translation>
    </message>
    <message>
        <source>Opponent</source>
        <translation>Adversário</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Trocar</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Começar</translation>
    </message>
    <message>
        <source>A handicap is 2 to 9 stones, or none</source>
        <translation>O handicap é de 2 a 9 pedras, ou nenhum</translation>
    </message>
    <message>
        <source>Clock: %1</source>
        <translation>Relógio: %1</translation>
    </message>
    <message>
        <source>Give the GTP engine&apos;s command line</source>
        <translation>Informe a linha de comando do motor GTP</translation>
    </message>
    <message>
        <source>The model&apos;s base URL starts with http:// or https://</source>
        <translation>A URL base do modelo começa com http:// ou https://</translation>
    </message>
    <message>
        <source>The server&apos;s URL starts with http:// or https://</source>
        <translation>A URL do servidor começa com http:// ou https://</translation>
    </message>
    <message>
        <source>Black (handicap stones; White moves first)</source>
        <translation>Pretas (pedras de handicap; as brancas começam)</translation>
    </message>
    <message>
        <source>White (you move first)</source>
        <translation>Brancas (você começa)</translation>
    </message>
    <message>
        <source>blank: the one the server serves</source>
        <translation>em branco: o que o servidor oferece</translation>
    </message>
    <message>
        <source>The model server could not be reached (%1). Start it, or enter the model&apos;s name.</source>
        <translation>Não foi possível contatar o servidor do modelo (%1). Inicie-o ou digite o nome do modelo.</translation>
    </message>
    <message>
        <source>The server does not say which models it serves (%1). Enter the model&apos;s name.</source>
        <translation>O servidor não informa quais modelos oferece (%1). Digite o nome do modelo.</translation>
    </message>
    <message>
        <source>The server lists no model. Enter the model&apos;s name.</source>
        <translation>O servidor não lista nenhum modelo. Digite o nome do modelo.</translation>
    </message>
    <message>
        <source>The server serves %1 models: choose one in Model.</source>
        <translation>O servidor oferece %1 modelos: escolha um em Modelo.</translation>
    </message>
    <message>
        <source>Asking %1 which models it serves…</source>
        <translation>Perguntando a %1 quais modelos oferece…</translation>
    </message>
</context>
<context>
    <name>tengen::qt::OpponentRunner</name>
    <message>
        <source>attempt %1: %2 accepted</source>
        <translation>tentativa %1: %2 aceito</translation>
    </message>
    <message>
        <source>attempt %1: %2 rejected (%3)</source>
        <translation>tentativa %1: %2 rejeitado (%3)</translation>
    </message>
</context>
<context>
    <name>tengen::qt::PositionViews</name>
    <message>
        <source>Score: %1</source>
        <translation>Pontuação: %1</translation>
    </message>
    <message>
        <source>Estimate: %1</source>
        <translation>Estimativa: %1</translation>
    </message>
    <message>
        <source>Analysis: paused while the AI thinks</source>
        <translation>Análise: pausada enquanto a IA pensa</translation>
    </message>
    <message>
        <source>Analysing…</source>
        <translation>Analisando…</translation>
    </message>
    <message numerus="yes">
        <source>Analysis: %Ln playout(s)</source>
        <translation>
            <numerusform>Análise: %Ln playout</numerusform>
            <numerusform>Análise: %Ln playouts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Analysis: %1 %2%, %Ln playout(s)</source>
        <translation>
            <numerusform>Análise: %1 %2%, %Ln playout</numerusform>
            <numerusform>Análise: %1 %2%, %Ln playouts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Analysis: %1 %2%, %Ln playout(s) (limit reached)</source>
        <translation>
            <numerusform>Análise: %1 %2%, %Ln playout (limite atingido)</numerusform>
            <numerusform>Análise: %1 %2%, %Ln playouts (limite atingido)</numerusform>
        </translation>
    </message>
    <message>
        <source>The built-in engine analyses this position: %1</source>
        <translation>O motor embutido analisa esta posição: %1</translation>
    </message>
    <message>
        <source>%1 gives no ownership or score (%2): the score estimate is the built-in engine&apos;s</source>
        <translation>%1 não dá território nem pontuação (%2): a estimativa é a do motor embutido</translation>
    </message>
    <message>
        <source>Estimate (%1): %2</source>
        <translation>Estimativa (%1): %2</translation>
    </message>
    <message numerus="yes">
        <source>Analysis by %1: %2 %3%, %Ln visit(s)</source>
        <translation>
            <numerusform>Análise de %1: %2 %3%, %Ln visita</numerusform>
            <numerusform>Análise de %1: %2 %3%, %Ln visitas</numerusform>
        </translation>
    </message>
    <message>
        <source>Analysis: starting %1…</source>
        <translation>Análise: iniciando %1…</translation>
    </message>
    <message numerus="yes">
        <source>Analysis by %1: %2 %3%, %Ln visit(s) (search ended)</source>
        <translation>
            <numerusform>Análise de %1: %2 %3%, %Ln visita (busca encerrada)</numerusform>
            <numerusform>Análise de %1: %2 %3%, %Ln visitas (busca encerrada)</numerusform>
        </translation>
    </message>
</context>
</TS>
