#!/usr/bin/env python3
"""Times GET /healthz and GET /metrics of a `tengen serve`, asked alternately on a new connection every 20 ms, and
prints the percentiles of the reply times: what a load balancer's health check sees while other clients flood the
server (docs/benchmarks.md, "Reading one read at a time, scoring apart, and the stop's bound").

Usage: serve_probe.py PORT [PROBES]
"""
import socket
import sys
import time


def probe(port, path):
    """Seconds until the whole reply to one GET on a new connection, and whether it was a 200."""
    start = time.perf_counter()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(f"GET {path} HTTP/1.1\r\nHost: probe\r\nConnection: close\r\n\r\n".encode())
            reply = b""
            while chunk := sock.recv(65536):
                reply += chunk
        ok = reply.startswith(b"HTTP/1.1 200")
    except OSError:
        ok = False
    return time.perf_counter() - start, ok


def main():
    port = int(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    times = []
    failed = 0
    for i in range(count):
        took, ok = probe(port, "/healthz" if i % 2 == 0 else "/metrics")
        times.append(took * 1000)
        failed += 0 if ok else 1
        time.sleep(0.02)
    times.sort()

    def at(share):
        return times[min(len(times) - 1, int(share * len(times)))]

    print(f"probes={count} not_200={failed} p50_ms={at(0.5):.1f} p90_ms={at(0.9):.1f} p99_ms={at(0.99):.1f} "
          f"max_ms={times[-1]:.1f}")


if __name__ == "__main__":
    main()
