#!/usr/bin/env python3
"""Checks that `kata-analyze` speaks with one voice: each candidate's score lead has the sign of its win rate minus
one half, and on the empty board the first candidates' leads lie close together.

    kata_check.py [--tengen PATH] [--playouts 20000] [--records DIR --count 10 --cut 0.4] [-- ENGINE ARGS...]

Runs `tengen gtp` (with the arguments after --), asks `kata-analyze 100` on the empty 19x19 board and on COUNT
positions cut after CUT of the moves of the first COUNT 19x19 records of DIR (sorted; `loadsgf FILE MOVE`), and
reads the analysis until its candidates' visits reach PLAYOUTS. For every candidate with at least 5% of them it
checks the sign of scoreLead against winrate - 0.5, and on the empty board the spread of the five first candidates'
leads (at most 2 points). Prints a line per position and a summary; exits 1 when a check fails. Only the standard
library is used.
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
INFO = re.compile(r"info move (\S+) visits (\d+) .*?winrate ([-\d.]+) .*?scoreLead ([-\d.]+)")


def records(folder, count):
    out = []
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        if "SZ[19]" not in text or "HA[" in text or "AB[" in text:
            continue
        moves = len(re.findall(r";\s*[BW]\[", text))
        if moves >= 60:
            out.append((path, moves))
        if len(out) == count:
            break
    return out


def analyse(tengen, engine_args, setup, playouts):
    """The candidates (move, visits, winrate, scoreLead) of the first analysis line whose visits reach `playouts`."""
    proc = subprocess.Popen([tengen, "gtp", *engine_args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, bufsize=1)
    try:
        for command in setup:
            proc.stdin.write(command + "\n")
            proc.stdin.flush()
            answer = proc.stdout.readline()
            proc.stdout.readline()
            if not answer.startswith("="):
                raise RuntimeError(f"{command}: {answer.strip()}")
        proc.stdin.write("kata-analyze 100\n")
        proc.stdin.flush()
        if not proc.stdout.readline().startswith("="):
            raise RuntimeError("kata-analyze refused")
        while True:
            line = proc.stdout.readline()
            if not line:
                raise RuntimeError("the engine ended the analysis")
            candidates = [(m, int(v), float(w), float(s)) for m, v, w, s in INFO.findall(line)]
            if candidates and sum(c[1] for c in candidates) >= playouts:
                proc.stdin.write("\n")
                proc.stdin.flush()
                return candidates
    finally:
        try:
            proc.stdin.write("quit\n")
            proc.stdin.flush()
        except BrokenPipeError:
            pass
        proc.wait(timeout=30)


def main():
    argv = sys.argv[1:]
    engine_args = []
    if "--" in argv:
        at = argv.index("--")
        argv, engine_args = argv[:at], argv[at + 1:]
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tengen", default=os.path.join(ROOT, "build", "apps", "cli", "tengen"))
    ap.add_argument("--playouts", type=int, default=20000)
    ap.add_argument("--records")
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--cut", type=float, default=0.4)
    args = ap.parse_args(argv)
    positions = [("empty 19x19 board", ["boardsize 19", "clear_board"])]
    if args.records:
        for path, moves in records(args.records, args.count):
            cut = int(moves * args.cut)
            positions.append((f"{os.path.basename(path)} after {cut} moves", [f"loadsgf {path} {cut + 1}"]))
    failures = 0
    for label, setup in positions:
        candidates = analyse(args.tengen, engine_args, setup, args.playouts)
        total = sum(c[1] for c in candidates)
        wrong = [c for c in candidates if c[1] >= 0.05 * total and (c[3] > 0) != (c[2] > 0.5) and c[3] != 0]
        shown = " ".join(f"{m} {v} {w:.3f} {s:+.1f}" for m, v, w, s in candidates[:5])
        line = f"{label}: {total} visits; {shown}"
        if wrong:
            failures += 1
            line += "; sign differs: " + ", ".join(f"{m} ({w:.3f}, {s:+.1f})" for m, _, w, s in wrong)
        if label.startswith("empty"):
            leads = [c[3] for c in candidates[:5]]
            spread = max(leads) - min(leads)
            line += f"; the five first leads span {spread:.1f} points"
            if spread > 2:
                failures += 1
        print(line, flush=True)
    print(f"{len(positions)} positions, {failures} failing")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
