#!/usr/bin/env python3
"""Makes finished Go games and checks tengen's scoring against GNU Go's `--score aftermath`.

    agreement.py make  --out DIR [--set test|dev] [--jobs 2]   play the games (GNU Go against itself, tengen's
                                                              built-in engine against GNU Go) with `tengen match`
    agreement.py score --out DIR [--jobs 2] [--rules japanese] score every record four ways and compare

`make` writes DIR/<size>/<name>.sgf, one `tengen match` of one game each, so the record's RE is the result
`tengen match` gave. `score` asks GNU Go (`--score aftermath --chinese-rules`), `tengen score --json`, `tengen gtp`
(`loadsgf` then `final_score`) and reads the match's RE; it prints, per board size and in all, how often each of
tengen's three agrees with GNU Go on the winner and on the exact result, lists every disagreement with the dead
stones each side saw, and writes DIR/agreement-RULES.json. With --rules japanese both count by territory (GNU Go's
--japanese-rules, tengen's --rules japanese) and the match's RE, counted under the chinese rules the games were
played by, is left out. Only the standard library is used.
"""

import argparse
import concurrent.futures
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_TENGEN = os.path.join(ROOT, "build", "apps", "cli", "tengen")
DEFAULT_GNUGO = "/usr/games/gnugo"

# Games per board size: (GNU Go against itself, the built-in engine against GNU Go), and the GNU Go levels used.
PLAN = {
    9: {"self": 20, "builtin": 12, "levels": range(1, 11), "playouts": 8000},
    13: {"self": 15, "builtin": 7, "levels": range(1, 9), "playouts": 6000},
    19: {"self": 9, "builtin": 3, "levels": range(1, 6), "playouts": 3000},
}
SET_SEEDS = {"test": 1000, "dev": 5000}


def gnugo_spec(gnugo, level, seed):
    return (f"gtp:{gnugo} --mode gtp --level {level} --seed {seed} --chinese-rules --positional-superko "
            f"--never-resign")


def plan_games(args):
    rng = random.Random(args.seed if args.seed is not None else SET_SEEDS[args.set])
    games = []
    for size, plan in PLAN.items():
        levels = list(plan["levels"])
        for i in range(plan["self"]):
            a, b = rng.choice(levels), rng.choice(levels)
            sa, sb = rng.randrange(1, 1 << 30), rng.randrange(1, 1 << 30)
            games.append({
                "size": size,
                "name": f"gnugo{a}-gnugo{b}-{i + 1:02d}",
                "black": gnugo_spec(args.gnugo, a, sa),
                "white": gnugo_spec(args.gnugo, b, sb),
                "seed": rng.randrange(1, 1 << 30),
            })
        for i in range(plan["builtin"]):
            level = rng.choice(levels[: max(1, len(levels) // 2)])
            builtin = f"builtin:playouts={plan['playouts']},threads=1"
            gnugo = gnugo_spec(args.gnugo, level, rng.randrange(1, 1 << 30))
            black, white = (builtin, gnugo) if i % 2 == 0 else (gnugo, builtin)
            who = f"builtin-gnugo{level}" if i % 2 == 0 else f"gnugo{level}-builtin"
            games.append({"size": size, "name": f"{who}-{i + 1:02d}", "black": black, "white": white,
                          "seed": rng.randrange(1, 1 << 30)})
    return games


def make_one(args, game):
    target = os.path.join(args.out, str(game["size"]), game["name"] + ".sgf")
    if os.path.exists(target):
        return f"{target}: kept"
    work = tempfile.mkdtemp(prefix="agreement-", dir=args.out)
    try:
        command = [args.tengen, "match", "--black", game["black"], "--white", game["white"], "--games", "1",
                   "--size", str(game["size"]), "--rules", "chinese", "--seed", str(game["seed"]),
                   "--sgf-dir", work, "--error-log", os.path.join(work, "errors.jsonl")]
        done = subprocess.run(command, capture_output=True, text=True)
        produced = os.path.join(work, "game-001.sgf")
        if done.returncode != 0 or not os.path.exists(produced):
            return f"{target}: tengen match failed ({done.returncode}): {done.stderr.strip()}"
        os.makedirs(os.path.dirname(target), exist_ok=True)
        os.replace(produced, target)
        return f"{target}: {done.stdout.strip()}"
    finally:
        shutil.rmtree(work, ignore_errors=True)


def command_make(args):
    os.makedirs(args.out, exist_ok=True)
    games = plan_games(args)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for n, line in enumerate(pool.map(lambda g: make_one(args, g), games), 1):
            print(f"[{n}/{len(games)}] {line}", flush=True)


def result_of_gnugo(text):
    """'White wins by 16.5 points' -> 'W+16.5'; a draw -> '0'."""
    m = re.search(r"(White|Black) wins by ([0-9.]+) points?", text)
    if m:
        margin = m.group(2).rstrip("0").rstrip(".") if "." in m.group(2) else m.group(2)
        return ("W+" if m.group(1) == "White" else "B+") + margin
    if re.search(r"(draw|jigo|tie)", text, re.IGNORECASE):
        return "0"
    return None


def winner(result):
    if result is None:
        return None
    return result[0] if result[:2] in ("B+", "W+") else "0"


def read_re(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        m = re.search(r"RE\[([^\]]*)\]", f.read())
    return m.group(1) if m else None


def gtp_session(args, path):
    script = f"loadsgf {path}\nfinal_score\nfinal_status_list dead\nquit\n"
    done = subprocess.run([args.tengen, "gtp", "--rules", args.rules], input=script, capture_output=True, text=True)
    replies = [block.strip() for block in done.stdout.split("\n\n") if block.strip()]
    score = replies[1][2:].strip() if len(replies) > 1 and replies[1].startswith("=") else None
    dead = replies[2][2:].split() if len(replies) > 2 and replies[2].startswith("=") else None
    return score, dead


def gnugo_dead(args, path):
    script = f"loadsgf {path}\nfinal_status_list dead\nquit\n"
    done = subprocess.run([args.gnugo, "--mode", "gtp", f"--{args.rules}-rules"], input=script, capture_output=True,
                          text=True)
    replies = [block.strip() for block in done.stdout.split("\n\n") if block.strip()]
    return replies[1][2:].split() if len(replies) > 1 and replies[1].startswith("=") else None


def score_one(args, path):
    aftermath = subprocess.run([args.gnugo, "--score", "aftermath", f"--{args.rules}-rules", "-l", path],
                               capture_output=True, text=True)
    tengen = subprocess.run([args.tengen, "score", "--rules", args.rules, "--json", path], capture_output=True,
                            text=True)
    try:
        tengen_json = json.loads(tengen.stdout.splitlines()[0])
    except (ValueError, IndexError):
        tengen_json = {"result": None, "dead": None, "error": tengen.stderr.strip()}
    gtp_score, gtp_dead = gtp_session(args, path)
    return {
        "file": os.path.relpath(path, args.out),
        "size": int(os.path.basename(os.path.dirname(path))),
        "gnugo": result_of_gnugo(aftermath.stdout + aftermath.stderr),
        "score": tengen_json.get("result"),
        "score_dead": tengen_json.get("dead"),
        "final": tengen_json.get("final"),
        "gtp": gtp_score,
        "gtp_dead": gtp_dead,
        "match": read_re(path) if args.rules == "chinese" else None,
    }


def command_score(args):
    paths = []
    for size in sorted(PLAN):
        folder = os.path.join(args.out, str(size))
        if os.path.isdir(folder):
            paths += [os.path.join(folder, f) for f in sorted(os.listdir(folder)) if f.endswith(".sgf")]
    if not paths:
        sys.exit(f"agreement.py: no records under {args.out}/<size>/; run make first")
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        rows = list(pool.map(lambda p: score_one(args, p), paths))

    channels = ("score", "gtp", "match") if args.rules == "chinese" else ("score", "gtp")
    header = f"{'size':>5} {'games':>5}"
    for c in channels:
        header += f" {c + ' winner':>16} {c + ' exact':>16}"
    print(header)
    for size in sorted(PLAN) + ["all"]:
        group = [r for r in rows if size == "all" or r["size"] == size]
        if not group:
            continue
        line = f"{size:>5} {len(group):>5}"
        for c in channels:
            same_winner = sum(1 for r in group if r["gnugo"] and winner(r[c]) == winner(r["gnugo"]))
            same_result = sum(1 for r in group if r["gnugo"] and r[c] == r["gnugo"])
            for same in (same_winner, same_result):
                line += f" {f'{same}/{len(group)} {100 * same / len(group):.1f}%':>16}"
        print(line)

    disagreements = [r for r in rows if any(r[c] != r["gnugo"] for c in channels)]
    for r in disagreements:
        path = os.path.join(args.out, r["file"])
        print(f"\n{r['file']}: gnugo {r['gnugo']} | score {r['score']} | gtp {r['gtp']} | match {r['match']}")
        print(f"  tengen dead: {' '.join(r['score_dead'] or []) or 'none'}")
        print(f"  gnugo  dead: {' '.join(gnugo_dead(args, path) or []) or 'none'} (its final_status_list dead)")
    with open(os.path.join(args.out, f"agreement-{args.rules}.json"), "w", encoding="utf-8") as f:
        json.dump(rows, f, indent=1)
        f.write("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("make", "score"))
    parser.add_argument("--out", required=True, help="directory of the records")
    parser.add_argument("--set", choices=sorted(SET_SEEDS), default="test", help="which fixed set of games to make")
    parser.add_argument("--seed", type=int, help="make another set of games from this seed instead")
    parser.add_argument("--jobs", type=int, default=2, help="games played or scored at once")
    parser.add_argument("--rules", choices=("chinese", "japanese"), default="chinese",
                        help="score: count by area (chinese) or territory (japanese)")
    parser.add_argument("--tengen", default=DEFAULT_TENGEN, help="the tengen binary")
    parser.add_argument("--gnugo", default=DEFAULT_GNUGO, help="the GNU Go binary")
    args = parser.parse_args()
    args.out = os.path.abspath(args.out)
    if not os.access(args.tengen, os.X_OK):
        sys.exit(f"agreement.py: {args.tengen}: not an executable; build tengen first or give --tengen")
    if args.command == "make":
        command_make(args)
    else:
        command_score(args)


if __name__ == "__main__":
    main()
