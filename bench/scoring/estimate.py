#!/usr/bin/env python3
"""Measures the score estimate of unfinished positions: does it name the winner the record names?

    estimate.py --corpus ../shared/corpus/ai-games --out DIR [--positions 300] [--skip 0] [--cut 0.7] [--jobs 2]
                [--search judgment|play]

Takes the first POSITIONS even-game 19x19 records of the corpus (sorted file order, after SKIP of them) that name a
winner (RE[B+...] or RE[W+...]) and have komi 7.5 (KM[7.5], or Fox's KM[750] / KM[375] in hundredths and in stones), cuts each after
CUT of its moves (int(moves * CUT) moves played), writes the cut record to DIR/positions/, and asks

  - tengen:  `tengen score --json --search SEARCH` on every cut record at once (the estimate of a game in play, its
             search the judgment preset or genmove's),
  - GNU Go:  `gnugo --score estimate --chinese-rules --komi 7.5 -l FILE` on each,

how the game stands. It prints how often each names the record's winner, writes DIR/estimate.json with every
position's answers, and keeps GNU Go's answers in DIR/gnugo-cache.json so a second run asks only tengen (GNU Go's
estimate is deterministic). Also measures the empty 9x9, 13x13 and 19x19 boards and 9x9 after B E5 (the largest
ownership value and the result), with --sanity. Only the standard library is used.
"""

import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_TENGEN = os.path.join(ROOT, "build", "apps", "cli", "tengen")
DEFAULT_GNUGO = "/usr/games/gnugo"


def main_line(text):
    """The root's properties and the main line's moves of an SGF text: ({name: [values]}, [(colour, value)])."""
    props = {}
    moves = []
    i = 0
    depth = 0
    node = -1  # -1 before the first node; 0 the root
    n = len(text)
    in_first_branch = True
    branch_depth = None
    while i < n:
        ch = text[i]
        if ch == "(":
            depth += 1
            if node >= 0 and branch_depth is None:
                branch_depth = depth
            i += 1
        elif ch == ")":
            if branch_depth is not None and depth == branch_depth:
                # the end of the main line's first variation: nothing after it is main line
                break
            depth -= 1
            i += 1
            if depth == 0:
                break
        elif ch == ";":
            node += 1
            i += 1
        elif ch.isalpha() and ch.isupper():
            j = i
            while j < n and text[j].isalpha():
                j += 1
            name = re.sub("[a-z]", "", text[i:j])
            values = []
            k = j
            while True:
                while k < n and text[k] in " \t\r\n":
                    k += 1
                if k >= n or text[k] != "[":
                    break
                k += 1
                value = []
                while k < n and text[k] != "]":
                    if text[k] == "\\" and k + 1 < n:
                        k += 1
                    value.append(text[k])
                    k += 1
                values.append("".join(value))
                k += 1
            if in_first_branch and node == 0:
                props.setdefault(name, []).extend(values)
            elif name in ("B", "W") and values:
                moves.append((name, values[0]))
            elif node > 0 and name in ("AB", "AW", "AE"):
                props.setdefault("setup-later", []).append(name)
            i = k
        else:
            i += 1
    return props, moves


def komi_points(value):
    """Komi in points as tengen reads KM: Fox writes hundredths (750) and sometimes stones in hundredths (375)."""
    try:
        k = float(value)
    except ValueError:
        return None
    if abs(k) >= 100:
        k /= 100
        if k in (3.75, 3.25, 2.75):
            k *= 2
    return k


def select_positions(corpus, count, cut, skip=0):
    chosen = []
    passed = 0
    for name in sorted(os.listdir(corpus)):
        if not name.lower().endswith(".sgf"):
            continue
        path = os.path.join(corpus, name)
        with open(path, "rb") as f:
            text = f.read().decode("utf-8", errors="replace")
        props, moves = main_line(text)
        if props.get("SZ", ["19"])[0] != "19":
            continue
        if komi_points(props.get("KM", ["0"])[0]) != 7.5:
            continue
        if props.get("HA", ["0"])[0] not in ("0", "1", "") or "AB" in props or "AW" in props or "setup-later" in props:
            continue
        result = props.get("RE", [""])[0].strip().upper()
        if not re.match(r"^[BW]\+", result):
            continue
        played = int(len(moves) * cut)
        if played < 1:
            continue
        if passed < skip:
            passed += 1
            continue
        chosen.append({"file": name, "winner": result[0], "re": props["RE"][0], "moves": len(moves),
                       "played": played, "line": moves[:played], "rules": props.get("RU", [""])[0]})
        if len(chosen) == count:
            break
    return chosen


def write_position(directory, position):
    line = "".join(f";{c}[{v}]" for c, v in position["line"])
    target = os.path.join(directory, position["file"].rsplit(".", 1)[0] + ".sgf")
    with open(target, "w") as f:
        f.write(f"(;GM[1]FF[4]SZ[19]KM[7.5]RU[Chinese]{line})\n")
    position["path"] = target


def winner_of(result):
    if not result:
        return None
    if result.startswith("B+"):
        return "B"
    if result.startswith("W+"):
        return "W"
    return "0"


def gnugo_estimate(gnugo, path):
    done = subprocess.run([gnugo, "--score", "estimate", "--chinese-rules", "--komi", "7.5", "-l", path],
                          capture_output=True, text=True, timeout=600)
    text = done.stdout + done.stderr
    m = re.search(r"(White|Black) wins by ([0-9.]+) points", text)
    if m:
        return ("W+" if m.group(1) == "White" else "B+") + m.group(2)
    if re.search(r"[Jj]igo|draw", text):
        return "0"
    return None


def tengen_estimates(tengen, paths, extra):
    """`tengen score --json` over every path; one JSON line per record, in order."""
    done = subprocess.run([tengen, "score", "--json", *extra, *paths], capture_output=True, text=True)
    out = {}
    for line in done.stdout.splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        out[row["file"]] = row
    if done.returncode not in (0, 2):
        sys.exit(f"tengen score failed ({done.returncode}): {done.stderr.strip()[:500]}")
    return out


def wilson(hits, n):
    if n == 0:
        return (0.0, 0.0)
    z = 1.96
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return (centre - half, centre + half)


def sanity(tengen, work):
    """The empty boards and 9x9 after B E5: the largest ownership value either way and the result."""
    rows = []
    for size, line in ((9, ""), (13, ""), (19, ""), (9, ";B[ee]")):
        path = os.path.join(work, f"sanity-{size}{'-e5' if line else ''}.sgf")
        with open(path, "w") as f:
            f.write(f"(;GM[1]FF[4]SZ[{size}]KM[7.5]RU[Chinese]{line})\n")
        row = list(tengen_estimates(tengen, [path], []).values())[0]
        values = [v for r in row.get("ownership_values", []) for v in r]
        rows.append({"board": f"{size}x{size}" + (" after B E5" if line else " empty"), "result": row.get("result"),
                     "max_black": max(values) if values else None, "max_white": -min(values) if values else None})
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", default=os.path.join(ROOT, "..", "shared", "corpus", "ai-games"))
    parser.add_argument("--out", required=True)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--skip", type=int, default=0,
                        help="pass over the first SKIP records that qualify (300: records the estimate was not tuned on)")
    parser.add_argument("--search", default="judgment",
                        help="the estimate's search (tengen score --search): the judgment preset or genmove's")
    parser.add_argument("--cut", type=float, default=0.7)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--tengen", default=DEFAULT_TENGEN)
    parser.add_argument("--gnugo", default=DEFAULT_GNUGO)
    parser.add_argument("--no-gnugo", action="store_true", help="ask tengen only")
    parser.add_argument("--sanity", action="store_true", help="also the empty boards and 9x9 after B E5")
    args = parser.parse_args()

    positions_dir = os.path.join(args.out, "positions")
    os.makedirs(positions_dir, exist_ok=True)
    positions = select_positions(args.corpus, args.positions, args.cut, args.skip)
    for p in positions:
        write_position(positions_dir, p)
    print(f"{len(positions)} positions, each cut after {args.cut:.0%} of its moves", file=sys.stderr)

    started = time.monotonic()
    answers = tengen_estimates(args.tengen, [p["path"] for p in positions], ["--search", args.search])
    tengen_seconds = time.monotonic() - started
    for p in positions:
        row = answers.get(p["path"], {})
        p["tengen"] = row.get("result")

    cache_path = os.path.join(args.out, "gnugo-cache.json")
    cache = {}
    if os.path.exists(cache_path):
        with open(cache_path) as f:
            cache = json.load(f)
    if not args.no_gnugo:
        uncached = [p for p in positions if f"{p['file']}@{p['played']}" not in cache]
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for p, result in zip(uncached, pool.map(lambda q: gnugo_estimate(args.gnugo, q["path"]), uncached)):
                cache[f"{p['file']}@{p['played']}"] = result
        with open(cache_path, "w") as f:
            json.dump(cache, f, indent=1, sort_keys=True)
        for p in positions:
            p["gnugo"] = cache.get(f"{p['file']}@{p['played']}")

    n = len(positions)
    summary = {"positions": n, "cut": args.cut, "tengen_seconds": round(tengen_seconds, 2)}
    for who in ("tengen", "gnugo"):
        if who == "gnugo" and args.no_gnugo:
            continue
        hits = sum(1 for p in positions if winner_of(p.get(who)) == p["winner"])
        low, high = wilson(hits, n)
        summary[who] = {"right": hits, "rate": round(hits / n, 4) if n else 0, "low": round(low, 4),
                        "high": round(high, 4)}
        print(f"{who:7s} names the winner {hits} of {n} ({hits / n:.1%}, 95% {low:.1%}..{high:.1%})")
    print(f"tengen  {tengen_seconds:.1f} s for {n} positions ({1000 * tengen_seconds / max(n, 1):.0f} ms each, "
          f"the process included)")
    if args.sanity:
        with tempfile.TemporaryDirectory() as work:
            summary["sanity"] = sanity(args.tengen, work)
        for row in summary["sanity"]:
            print(f"{row['board']:20s} {row['result']:8s} largest ownership: Black {row['max_black']}, "
                  f"White {row['max_white']}")
    for p in positions:
        del p["line"]
    with open(os.path.join(args.out, "estimate.json"), "w") as f:
        json.dump({"summary": summary, "positions": positions}, f, indent=1)


if __name__ == "__main__":
    main()
