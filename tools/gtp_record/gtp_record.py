#!/usr/bin/env python3
"""A GTP engine that is another engine, with the whole exchange written down.

A Go program launches this script as its engine; the script starts the real engine (tengen gtp, GNU Go, Leela Zero)
and passes every line both ways unchanged, appending each to a transcript in the order it passed:

    # the session's header: the engine's command line, the program that started it, its arguments
    > a line the program sent (a command)
    < a line the engine answered (an empty `<` is the empty line that ends a response)
    ! a line the engine wrote to its standard error (passed on to the program's standard error too)

A carriage return inside a line is written as the two characters `\\r`. Each session is appended to the transcript
after the ones before, so a program that restarts its engine leaves one header per start.

Usage:
    gtp_record.py --transcript FILE [--] ENGINE [ARGS...]
    gtp_record.py --shorten FILE [--keep N]     the transcript as test data, on standard output

--shorten keeps the exchange and drops what only makes it long: the engine's standard error, all but the first N
(default 2) lines of each analysis stream (a `#` line says how many were left out), and the folders of the paths in
the header.

For a program that passes its own arguments to the engine, or that accepts only an engine of a given name (qGo
drives only a path that ends in `gnugo`), link the script under that name and say the rest in the environment:

    GTP_RECORD_TRANSCRIPT=FILE   where the transcript goes
    GTP_RECORD_ENGINE=COMMAND    the real engine's command line (split as a shell would); `{args}` in it stands for
                                 the arguments the program gave, which are dropped otherwise

e.g. `ln -s .../gtp_record.py /tmp/rec/gnugo` and GTP_RECORD_ENGINE='/usr/games/gnugo {args}' for qGo's baseline.
How the recordings under tests/testdata/gtp/ were made, and how to make them again: tests/testdata/gtp/README.md.
"""

import argparse
import os
import re
import shlex
import subprocess
import sys
import threading


class Transcript:
    """The transcript file, written one whole line at a time by the three threads that pass lines on."""

    def __init__(self, path):
        self._file = open(path, "a", encoding="utf-8", errors="surrogateescape")
        self._lock = threading.Lock()

    def write(self, mark, raw):
        text = raw.rstrip(b"\n").decode("utf-8", errors="surrogateescape").replace("\r", "\\r")
        with self._lock:
            self._file.write(f"{mark} {text}\n" if text else f"{mark}\n")
            self._file.flush()

    def comment(self, text):
        with self._lock:
            self._file.write(f"# {text}\n")
            self._file.flush()


def parent_command_line():
    """The command line of the program that started this one, as /proc shows it (empty where it is not readable)."""
    try:
        with open(f"/proc/{os.getppid()}/cmdline", "rb") as f:
            return " ".join(shlex.quote(a.decode(errors="replace")) for a in f.read().split(b"\0") if a)
    except OSError:
        return ""


def shorten(path, keep):
    """Prints the transcript at `path` as test data: no standard error, analysis streams cut to `keep` lines."""
    streamed = 0
    for line in open(path, encoding="utf-8", errors="surrogateescape").read().splitlines():
        if line.startswith("!") or line.startswith("# arguments given:"):
            continue
        if line.startswith("#"):
            line = re.sub(r"/(?:[^\s/]+/)+", "", line)
        is_update = line.startswith("< info ")
        if is_update:
            streamed += 1
            if streamed > keep:
                continue
        elif streamed:
            if streamed > keep:
                print(f"# {streamed - keep} more analysis lines left out")
            streamed = 0
        print(line)


def engine_command(argv):
    """The transcript's path and the real engine's command line, from the options or else from the environment."""
    if os.environ.get("GTP_RECORD_ENGINE"):
        path = os.environ.get("GTP_RECORD_TRANSCRIPT")
        if not path:
            sys.exit("gtp_record: GTP_RECORD_ENGINE is set but GTP_RECORD_TRANSCRIPT is not")
        command = []
        for word in shlex.split(os.environ["GTP_RECORD_ENGINE"]):
            command.extend(argv if word == "{args}" else [word])
        return path, command
    parser = argparse.ArgumentParser(description="Pass a GTP session through to ENGINE and write it down.")
    parser.add_argument("--transcript", required=True, help="file the exchange is appended to")
    parser.add_argument("engine", nargs=argparse.REMAINDER, help="the real engine and its arguments")
    options = parser.parse_args(argv)
    command = options.engine[1:] if options.engine[:1] == ["--"] else options.engine
    if not command:
        parser.error("no engine to start")
    return options.transcript, command


def pass_lines(source, sink, transcript, mark):
    """Copies `source` to `sink` line by line, writing each line down; closes `sink` at the end of `source`."""
    try:
        for line in iter(source.readline, b""):
            transcript.write(mark, line)
            sink.write(line)
            sink.flush()
    except (BrokenPipeError, ValueError):
        pass
    finally:
        try:
            sink.close()
        except OSError:
            pass


def main():
    if sys.argv[1:2] == ["--shorten"] and not os.environ.get("GTP_RECORD_ENGINE"):
        parser = argparse.ArgumentParser(description="Print a transcript as test data.")
        parser.add_argument("--shorten", required=True, metavar="FILE")
        parser.add_argument("--keep", type=int, default=2, help="analysis lines kept of each stream")
        options = parser.parse_args()
        shorten(options.shorten, options.keep)
        return
    path, command = engine_command(sys.argv[1:])
    transcript = Transcript(path)
    transcript.comment(f"engine: {shlex.join(command)}")
    transcript.comment(f"started by: {parent_command_line()}")
    transcript.comment(f"arguments given: {shlex.join(sys.argv[1:])}")
    try:
        engine = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as e:
        transcript.comment(f"the engine did not start: {e}")
        sys.exit(f"gtp_record: cannot start {command[0]}: {e}")
    threads = [
        threading.Thread(target=pass_lines, args=(sys.stdin.buffer, engine.stdin, transcript, ">"), daemon=True),
        threading.Thread(target=pass_lines, args=(engine.stderr, sys.stderr.buffer, transcript, "!")),
    ]
    for thread in threads:
        thread.start()
    # The engine's answers are passed on from this thread; the session ends when the engine closes its output.
    pass_lines(engine.stdout, sys.stdout.buffer, transcript, "<")
    threads[1].join()
    code = engine.wait()
    transcript.comment(f"the engine exited with {code}")
    # Not sys.exit: the thread still blocked reading the program's input holds its lock, which Python's own
    # shutdown would wait for.
    os._exit(code if code >= 0 else 128 - code)


if __name__ == "__main__":
    main()
