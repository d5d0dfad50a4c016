#!/usr/bin/env python3
"""How soon the built-in engine's search stops when nobody wants its move any more.

    stop_probe.py serve PORT     # a running `tengen serve --engine builtin:time=3600 --workers 1` on 127.0.0.1:PORT
    stop_probe.py gtp TENGEN     # starts `TENGEN gtp --engine builtin:time=3600` itself

serve: ten times, a 19x19 genmove is sent on a raw connection, left to search for 0.3 s once /metrics shows its
worker busy, and the connection closed; the time until /metrics shows the worker free again. gtp: five times, a
19x19 genmove is left to search for 0.5 s, then `# interrupt` is sent; the time until its answer arrives. Prints
the least, the median and the most. Only the standard library is used.
"""

import socket
import subprocess
import sys
import time
import urllib.request


def serve(port):
    def metric(name):
        text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read().decode()
        for line in text.splitlines():
            if line.startswith(name + " "):
                return float(line.split()[1])
        return None

    body = b'{"size":19,"moves":[["B","Q16"],["W","D4"],["B","Q4"]]}'
    request = (b"POST /v1/genmove HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
               b"Content-Length: %d\r\n\r\n" % len(body)) + body
    took = []
    for _ in range(10):
        connection = socket.create_connection(("127.0.0.1", port))
        connection.sendall(request)
        while metric("tengen_workers_busy") != 1:
            time.sleep(0.001)
        time.sleep(0.3)
        hung_up = time.monotonic()
        connection.close()
        while metric("tengen_workers_busy") != 0:
            time.sleep(0.0005)
        took.append((time.monotonic() - hung_up) * 1000)
    return "worker free after the client hung up", took


def gtp(tengen):
    engine = subprocess.Popen([tengen, "gtp", "--engine", "builtin:time=3600"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    def response():
        lines = []
        while (line := engine.stdout.readline()) not in ("\n", ""):
            lines.append(line)
        return "".join(lines)

    send("boardsize 19")
    response()
    took = []
    for _ in range(5):
        send("genmove b")
        time.sleep(0.5)
        interrupted = time.monotonic()
        send("# interrupt")
        response()
        took.append((time.monotonic() - interrupted) * 1000)
        send("undo")
        response()
    send("quit")
    engine.wait()
    return "genmove answered after # interrupt", took


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("serve", "gtp"):
        sys.exit(__doc__)
    what, took = serve(int(sys.argv[2])) if sys.argv[1] == "serve" else gtp(sys.argv[2])
    took.sort()
    print(f"{what}: least {took[0]:.1f} ms, median {took[len(took) // 2]:.1f} ms, most {took[-1]:.1f} ms "
          f"({len(took)} times)")


if __name__ == "__main__":
    main()
