#!/usr/bin/python3
"""Turns the Tom and TYGEM game collections of the public computer-go-dataset repository into SGF records with
their results, komi and rules, for the tools that learn from records (tengen_export_policy_data --targets).

    convert_records.py MIRROR OUT [--tom-every N] [--tygem-every N] [--no-tom] [--no-tygem]

MIRROR is the repository as fetched: a checkout, or a bare git directory (read with `git show HEAD:PATH`). Neither
collection is SGF. Tom: `Tom/Kifu.index` holds one tab-separated line per game (id, date, white, black, komi,
result, moves, time control) and `Tom/kifu/YYYY-MM` the moves, one `ID<TAB>;B[qd];W[dp];...` line per game. TYGEM:
`TYGEM/index/KifuYYYY.zip` holds the index lines (id, "C" and the date, white, white's English name and nation,
black, black's, result, moves, time control; Korean rules, komi 6.5) and `TYGEM/Kifu/YYYY-MM.zip` the moves in the
same line format. Files the mirror lacks (stored as a missing object) are skipped and counted.

Only games decided on the board are written: a resignation or a counted result (B+2.5). Games won on time or by a
disconnection say nothing about the position and are left out. Tom's komi is in its index (7.5 is taken as Chinese
rules, 6.5 as Japanese: the collection does not say); TYGEM's games are Korean rules with 6.5.

Each game becomes OUT/tom/YYYY-MM/ID.sgf or OUT/tygem/YYYY-MM/ID.sgf, written through a temporary file and a
rename, so an interrupted run leaves no half-written record, and a second run skips the records already there.
--tom-every N and --tygem-every N keep every Nth game of an index in its order (1: all), so the same arguments
always choose the same games. The repository's AI folder is not read: it is kept for independent measurement.
"""
import argparse
import io
import os
import re
import subprocess
import sys
import zipfile

RESULT = re.compile(r"^[BW]\+(Resign|R|\d+(\.\d+)?)$")
MOVES = re.compile(r"^(;[BW]\[[a-s]{0,2}\])+$")


class Mirror:
    """Reads files of the repository from a checkout or a bare git directory; a file it lacks reads as None."""

    def __init__(self, path):
        self.path = path
        self.bare = not os.path.isdir(os.path.join(path, "Tom")) and os.path.isfile(os.path.join(path, "HEAD"))
        if not self.bare and not os.path.isdir(os.path.join(path, "Tom")) and \
                not os.path.isdir(os.path.join(path, "TYGEM")):
            sys.exit(f"{path}: neither a checkout of computer-go-dataset (no Tom or TYGEM folder) nor a bare git "
                     "directory")

    def read(self, name):
        if not self.bare:
            full = os.path.join(self.path, name)
            if not os.path.isfile(full):
                return None
            with open(full, "rb") as f:
                return f.read()
        done = subprocess.run(["git", "--git-dir", self.path, "show", f"HEAD:{name}"], capture_output=True)
        return done.stdout if done.returncode == 0 else None

    def names(self, folder):
        if not self.bare:
            full = os.path.join(self.path, folder)
            return sorted(f"{folder}/{n}" for n in os.listdir(full)) if os.path.isdir(full) else []
        done = subprocess.run(["git", "--git-dir", self.path, "ls-tree", "--name-only", "HEAD", f"{folder}/"],
                              capture_output=True, text=True)
        return sorted(done.stdout.split())


def unzip_text(blob):
    """The text of the one file a zip archive of the collection holds; None when the archive is unreadable."""
    try:
        with zipfile.ZipFile(io.BytesIO(blob)) as z:
            return b"".join(z.read(n) for n in z.namelist()).decode("utf-8", "replace")
    except zipfile.BadZipFile:
        return None


def sgf_text(value):
    return value.replace("\\", "\\\\").replace("]", "\\]")


def write_record(path, text):
    tmp = f"{path}.tmp.{os.getpid()}"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


class Counts:
    def __init__(self, name):
        self.name = name
        self.written = self.present = self.undecided = self.no_moves = self.missing_files = 0

    def report(self):
        print(f"{self.name}: {self.written} records written, {self.present} already there, {self.undecided} not "
              f"decided on the board (time, disconnection), {self.no_moves} without usable moves, "
              f"{self.missing_files} files missing from the mirror", flush=True)


def convert(games, moves_of_month, out, counts):
    """games: (id, month, root properties) in order; moves_of_month(month) -> {id: moves} or None."""
    month_moves = {}
    for gid, month, root in games:
        path = os.path.join(out, month, f"{gid}.sgf")
        if os.path.exists(path):
            counts.present += 1
            continue
        if month not in month_moves:
            month_moves[month] = moves_of_month(month)
            if month_moves[month] is None:
                counts.missing_files += 1
        moves = (month_moves[month] or {}).get(gid)
        if not moves or not MOVES.match(moves):
            counts.no_moves += 1
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_record(path, f"(;GM[1]FF[4]CA[UTF-8]SZ[19]{root}\n{moves})\n")
        counts.written += 1
    counts.report()


def moves_table(text):
    table = {}
    for line in text.splitlines():
        gid, _, moves = line.partition("\t")
        table[gid.strip()] = moves.strip()
    return table


def tom_games(mirror, every, counts):
    index = mirror.read("Tom/Kifu.index")
    if index is None:
        counts.missing_files += 1
        return []
    games = []
    for n, line in enumerate(index.decode("utf-8", "replace").splitlines()):
        fields = line.split("\t")
        if len(fields) < 8 or n % every:
            continue
        gid, date, white, black, komi, result = (f.strip() for f in fields[:6])
        if not RESULT.match(result):
            counts.undecided += 1
            continue
        rules = "Chinese" if komi == "7.5" else "Japanese"
        root = (f"KM[{komi}]RU[{rules}]RE[{result}]PB[{sgf_text(black)}]PW[{sgf_text(white)}]"
                f"DT[{date[:10].replace('.', '-')}]PC[Tom]GN[{gid}]")
        games.append((gid, date[:4] + "-" + date[5:7], root))
    return games


def tom_moves(mirror):
    def of(month):
        blob = mirror.read(f"Tom/kifu/{month}")
        return None if blob is None else moves_table(blob.decode("utf-8", "replace"))
    return of


def tygem_games(mirror, every, counts):
    games = []
    n = 0
    for name in mirror.names("TYGEM/index"):
        if not name.endswith(".zip"):
            continue
        blob = mirror.read(name)
        text = None if blob is None else unzip_text(blob)
        if text is None:
            counts.missing_files += 1
            continue
        for line in text.splitlines():
            fields = line.split("\t")
            if len(fields) < 11:
                continue
            n += 1
            if (n - 1) % every:
                continue
            gid, date, white, white_en, _, black, black_en, _, result = (f.strip() for f in fields[:9])
            if not RESULT.match(result):
                counts.undecided += 1
                continue
            date = date.lstrip("C")
            root = (f"KM[6.5]RU[Korean]RE[{result}]PB[{sgf_text(black_en or black)}]"
                    f"PW[{sgf_text(white_en or white)}]DT[{date[:10].replace('.', '-')}]PC[TYGEM]GN[{gid}]")
            games.append((gid, date[:4] + "-" + date[5:7], root))
    return games


def tygem_moves(mirror):
    def of(month):
        blob = mirror.read(f"TYGEM/Kifu/{month}.zip")
        text = None if blob is None else unzip_text(blob)
        return None if text is None else moves_table(text)
    return of


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mirror")
    ap.add_argument("out")
    ap.add_argument("--tom-every", type=int, default=1, help="keep every Nth game of Tom's index (default 1: all)")
    ap.add_argument("--tygem-every", type=int, default=10,
                    help="keep every Nth game of TYGEM's indexes (default 10)")
    ap.add_argument("--no-tom", action="store_true")
    ap.add_argument("--no-tygem", action="store_true")
    args = ap.parse_args()
    if args.tom_every < 1 or args.tygem_every < 1:
        sys.exit("--tom-every and --tygem-every take a positive number")
    mirror = Mirror(args.mirror)
    if not args.no_tom:
        counts = Counts("Tom")
        convert(tom_games(mirror, args.tom_every, counts), tom_moves(mirror), os.path.join(args.out, "tom"), counts)
    if not args.no_tygem:
        counts = Counts("TYGEM")
        convert(tygem_games(mirror, args.tygem_every, counts), tygem_moves(mirror), os.path.join(args.out, "tygem"),
                counts)


if __name__ == "__main__":
    main()
