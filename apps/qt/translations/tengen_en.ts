<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>tengen::qt::ClockWidget</name>
    <message numerus="yes">
        <source>%n period(s) left</source>
        <translation>
            <numerusform>%n period left</numerusform>
            <numerusform>%n periods left</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stone(s) to play</source>
        <translation>
            <numerusform>%n stone to play</numerusform>
            <numerusform>%n stones to play</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tengen::qt::GameController</name>
    <message numerus="yes">
        <source>Restored the last game (%n move(s))</source>
        <translation>
            <numerusform>Restored the last game (%n move)</numerusform>
            <numerusform>Restored the last game (%n moves)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Opened %1 (%n move(s))</source>
        <translation>
            <numerusform>Opened %1 (%n move)</numerusform>
            <numerusform>Opened %1 (%n moves)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Two passes. tengen takes %n stone(s) as dead</source>
        <translation>
            <numerusform>Two passes. tengen takes %n stone as dead</numerusform>
            <numerusform>Two passes. tengen takes %n stones as dead</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Took back %n move(s)</source>
        <translation>
            <numerusform>Took back %n move</numerusform>
            <numerusform>Took back %n moves</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deleted %n move(s)</source>
        <translation>
            <numerusform>Deleted %n move</numerusform>
            <numerusform>Deleted %n moves</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tengen::qt::MainWindow</name>
    <message numerus="yes">
        <source>Delete this move and the %n move(s) below it?</source>
        <translation>
            <numerusform>Delete this move and the %n move below it?</numerusform>
            <numerusform>Delete this move and the %n moves below it?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tengen::qt::PositionViews</name>
    <message numerus="yes">
        <source>Analysis: %Ln playout(s)</source>
        <translation>
            <numerusform>Analysis: %Ln playout</numerusform>
            <numerusform>Analysis: %Ln playouts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Analysis: %1 %2%, %Ln playout(s)</source>
        <translation>
            <numerusform>Analysis: %1 %2%, %Ln playout</numerusform>
            <numerusform>Analysis: %1 %2%, %Ln playouts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Analysis: %1 %2%, %Ln playout(s) (limit reached)</source>
        <translation>
            <numerusform>Analysis: %1 %2%, %Ln playout (limit reached)</numerusform>
            <numerusform>Analysis: %1 %2%, %Ln playouts (limit reached)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Analysis by %1: %2 %3%, %Ln visit(s)</source>
        <translation>
            <numerusform>Analysis by %1: %2 %3%, %Ln visit</numerusform>
            <numerusform>Analysis by %1: %2 %3%, %Ln visits</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Analysis by %1: %2 %3%, %Ln visit(s) (search ended)</source>
        <translation>
            <numerusform>Analysis by %1: %2 %3%, %Ln visit (search ended)</numerusform>
            <numerusform>Analysis by %1: %2 %3%, %Ln visits (search ended)</numerusform>
        </translation>
    </message>
</context>
</TS>
