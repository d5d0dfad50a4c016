#!/usr/bin/env python3
"""The memory of `tengen serve` under bursts of large hostile bodies.

Sends ROUNDS bursts of CLIENTS concurrent POST /v1/genmove requests, each body a JSON array of 500,000 zeros
(1 MiB, the body cap), and prints the server's peak RSS (VmHWM) and its RSS after the bursts (VmRSS), read from
/proc/PID/status, with the statuses the clients saw.

    build/apps/cli/tengen serve --listen 127.0.0.1:18080 --engine random &
    python3 bench/serve_memory.py --port 18080 --pid $!
"""

import argparse
import http.client
import threading
import time


def status_kb(pid, field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise SystemExit(f"no {field} in /proc/{pid}/status")


def post(port, body, statuses, lock):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request("POST", "/v1/genmove", body, {"Content-Type": "application/json"})
        status = connection.getresponse().status
    except OSError as error:
        status = type(error).__name__
    finally:
        connection.close()
    with lock:
        statuses[status] = statuses.get(status, 0) + 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--pid", type=int, required=True, help="the server's process id, for /proc")
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--zeros", type=int, default=500_000)
    args = parser.parse_args()

    body = ("[" + ",".join(["0"] * args.zeros) + "]").encode()
    before = status_kb(args.pid, "VmRSS")
    statuses = {}
    lock = threading.Lock()
    for _ in range(args.rounds):
        threads = [threading.Thread(target=post, args=(args.port, body, statuses, lock)) for _ in range(args.clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    time.sleep(1)
    peak = status_kb(args.pid, "VmHWM")
    after = status_kb(args.pid, "VmRSS")
    counts = " ".join(f"{status}:{count}" for status, count in sorted(statuses.items(), key=str))
    print(f"body_bytes={len(body)} clients={args.clients} rounds={args.rounds} rss_before_kb={before} "
          f"peak_rss_kb={peak} rss_after_kb={after} statuses={counts}")


if __name__ == "__main__":
    main()
