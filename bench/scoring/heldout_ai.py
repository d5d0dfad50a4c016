#!/usr/bin/env python3
"""Writes the held-out half of the computer-go-dataset's AI folder: the records the project never learns from.

    heldout_ai.py MIRROR CORPUS OUT

MIRROR is the fetched yenw/computer-go-dataset (a checkout, or the bare git directory `fetch` makes); CORPUS is
../shared/corpus/ai-games, the half the project may learn from. Every record of the mirror's AI folder that is not
in CORPUS — neither by its flattened name (the folder path with "/" and spaces as "_", as CORPUS names its files) nor
by its bytes — is written to OUT under its flattened name, for measuring on games no network or model here has seen
(estimate.py --corpus OUT). Prints how many records each side has. Only the standard library is used.
"""
import hashlib
import os
import re
import subprocess
import sys


def flattened(path):
    """'AI/2018 Tencent .../F 2 A vs B.SGF' -> '2018_Tencent_..._F_2_A_vs_B.SGF' (non-ASCII letters as '_')."""
    name = path[len("AI/"):] if path.startswith("AI/") else path
    return re.sub(r"[^A-Za-z0-9._()+-]", "_", name.replace("/", "_"))


def mirror_files(mirror):
    """(path, bytes) of every .sgf file of the mirror's AI folder, in sorted order; a file the mirror lacks is left
    out."""
    if os.path.isdir(os.path.join(mirror, "AI")):
        for root, _, names in sorted(os.walk(os.path.join(mirror, "AI"))):
            for n in sorted(names):
                if n.lower().endswith(".sgf"):
                    full = os.path.join(root, n)
                    with open(full, "rb") as f:
                        yield os.path.relpath(full, mirror), f.read()
        return
    listing = subprocess.run(["git", "--git-dir", mirror, "ls-tree", "-r", "-z", "--name-only", "HEAD", "AI/"],
                             capture_output=True, check=True).stdout.decode("utf-8", "replace")
    for path in sorted(p for p in listing.split("\0") if p.lower().endswith(".sgf")):
        done = subprocess.run(["git", "--git-dir", mirror, "show", f"HEAD:{path}"], capture_output=True)
        if done.returncode == 0:
            yield path, done.stdout


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    mirror, corpus, out = sys.argv[1:]
    names = set(os.listdir(corpus))
    hashes = set()
    for n in names:
        with open(os.path.join(corpus, n), "rb") as f:
            hashes.add(hashlib.sha256(f.read()).hexdigest())
    os.makedirs(out, exist_ok=True)
    kept = learned = 0
    for path, data in mirror_files(mirror):
        name = flattened(path)
        if name in names or hashlib.sha256(data).hexdigest() in hashes:
            learned += 1
            continue
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
        kept += 1
    print(f"{learned} records of the AI folder are in {corpus}; {kept} held-out records written to {out}")


if __name__ == "__main__":
    main()
