#!/usr/bin/env python3
"""Load test of the playground (`cute serve`, issue 26), on 127.0.0.1.

Starts `cute serve --port 0`, then runs two phases, each for `--seconds`:

1. **clients**: `--clients` (200) concurrent keep-alive clients, each sending normal
   `/api/eval` requests (the playground's own examples), one at a time, with a pause between an
   answer and the next request drawn uniformly from 0..2*`--think-ms` (a person at the
   playground; `--think-ms 0` is a closed loop, which measures the saturated server: its p99 is
   then the number of clients over the throughput, by Little's law).
2. **idle**: the same clients while `--idle` (10,000) other connections are held open and
   never finish a request: half send nothing, half send a request head one byte every 5 s
   (a slow client); a connection the server closes (its header-read timeout) is opened again.
   The server runs with `--header-ms 120000` (`--header-ms`), so that the idle connections,
   opened at a few hundred a second, are all open at once during the phase; with the default
   10 s timeout the server closes each within 10 s of its opening.

For each phase it prints the requests answered, refused (503, or a connection refused or
reset), failed (any other answer), the throughput and the latency percentiles of the answered
requests; for the idle phase also the idle connections held at the end. It exits 1 when a
phase has more than `--max-refused` refused or failed requests, or a p99 over `--max-p99-ms`.

Only the standard library (asyncio streams and a minimal HTTP/1.1 reader), so that it needs no
install. This process and the server each hold one end of every connection, so each needs an
open-files limit of about idle + clients + 100: it raises its soft limit to the hard limit,
and the server inherits it. `--server-cpus 0,1` runs the server on those CPUs only (taskset),
to measure it on 2 cores with the clients elsewhere.

    python3 bench/load/load.py [--cute target/release/cute] [--clients 200] [--idle 10000]
        [--seconds 10] [--think-ms 50] [--max-refused 0.01] [--max-p99-ms 50]
        [--server-cpus 0,1] [--json FILE]
"""

import argparse
import asyncio
import json
import os
import random
import resource
import subprocess
import sys
import time
import urllib.parse

# Normal requests: the playground's kind of expression (layouts, the algebra, a picture).
EXPRESSIONS = [
    "(4,8):(8,1)",
    "logical_divide((4,2,3):(2,1,8), 4:2)",
    "composition((6,2):(8,2), (4,3):(3,1))",
    "complement((2,2):(1,6), 24)",
    "logical_product((2,2):(1,2), (3,4):(4,1))",
    "coalesce((2,(1,6)):(1,(6,2)))",
    "zipped_divide((8,8):(1,8), (2,4))",
    "right_inverse((4,8):(8,1))",
]


# A request (or a connection) not answered in this many seconds counts as refused.
TIMEOUT = 10

# Seconds between two bytes of a slow connection's request head (the client's own event loop
# must not be what is measured: 5,000 slow connections wake it 1,000 times a second).
SLOW_EVERY = 5


def paths():
    return [
        "/api/eval?expr=" + urllib.parse.quote(e, safe="") for e in EXPRESSIONS
    ]


class Stats:
    def __init__(self):
        self.latencies = []  # seconds, answered requests
        self.refused = 0
        self.failed = 0
        self.failures = {}

    def fail(self, why):
        self.failed += 1
        self.failures[why] = self.failures.get(why, 0) + 1

    def summary(self, seconds):
        lat = sorted(self.latencies)
        n = len(lat)

        def pct(p):
            return 1000 * lat[min(n - 1, int(p * n))] if n else float("nan")

        total = n + self.refused + self.failed
        return {
            "answered": n,
            "refused": self.refused,
            "failed": self.failed,
            "failures": self.failures,
            "refused_fraction": (self.refused + self.failed) / total if total else 1.0,
            "requests_per_s": n / seconds,
            "p50_ms": pct(0.50),
            "p90_ms": pct(0.90),
            "p99_ms": pct(0.99),
            "max_ms": 1000 * lat[-1] if n else float("nan"),
        }


async def read_response(reader):
    """One HTTP/1.1 response: its status, whether the server keeps the connection, its body."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    length = 0
    keep = True
    for line in lines[1:]:
        k, _, v = line.partition(":")
        k = k.strip().lower()
        if k == "content-length":
            length = int(v.strip())
        elif k == "connection" and v.strip().lower() == "close":
            keep = False
    body = await reader.readexactly(length) if length else b""
    return status, keep, body


async def client(host, port, stop, stats, think, rng):
    reqs = paths()
    conn = None
    while time.monotonic() < stop:
        try:
            start = time.monotonic()
            if conn is None:
                conn = await asyncio.wait_for(asyncio.open_connection(host, port), TIMEOUT)
                start = time.monotonic()  # the connection is set up once, then kept
            reader, writer = conn
            path = rng.choice(reqs)
            writer.write(
                f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: */*\r\n\r\n".encode()
            )
            status, keep, _ = await asyncio.wait_for(read_response(reader), TIMEOUT)
            took = time.monotonic() - start
            if status == 200:
                stats.latencies.append(took)
            elif status == 503:
                stats.refused += 1
            else:
                stats.fail(f"status {status}")
            if not keep:
                writer.close()
                conn = None
        except (ConnectionError, asyncio.IncompleteReadError, OSError, asyncio.TimeoutError) as e:
            stats.refused += 1
            stats.failures[type(e).__name__] = stats.failures.get(type(e).__name__, 0) + 1
            if conn is not None:
                conn[1].close()
            conn = None
            await asyncio.sleep(0.01)
        if think > 0:
            await asyncio.sleep(rng.uniform(0, 2 * think))
    if conn is not None:
        conn[1].close()


async def idle_connection(host, port, stop, slow, held, rng):
    """Holds a connection that never finishes a request; opens it again when closed."""
    head = b"GET /api/eval?expr=" + b"(4,8):(8,1)" * 40 + b" HTTP/1.1\r\n"
    while time.monotonic() < stop:
        try:
            reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), TIMEOUT)
        except (OSError, asyncio.TimeoutError):
            await asyncio.sleep(0.2 + rng.random())
            continue
        held[0] += 1
        try:
            if slow:
                # a byte every SLOW_EVERY seconds; a closed connection fails the write
                i = 0
                while time.monotonic() < stop:
                    writer.write(head[i % len(head) : i % len(head) + 1])
                    await writer.drain()
                    i += 1
                    await asyncio.sleep(SLOW_EVERY)
                    if reader.at_eof():
                        break
            else:
                # silent: wait for the server to close it (cheap: no timer per connection)
                await reader.read()
        except OSError:
            pass
        finally:
            held[0] -= 1
            writer.close()


async def phase(host, port, args, idle):
    rng = random.Random(args.seed)
    held = [0]
    idle_tasks = []
    if idle:
        far = time.monotonic() + 3600  # cancelled at the end of the phase
        for i in range(idle):
            idle_tasks.append(
                asyncio.ensure_future(
                    idle_connection(host, port, far, i % 2 == 1, held, random.Random(i))
                )
            )
            if i % 500 == 499:
                await asyncio.sleep(0.05)  # within the server's listen backlog
        # wait until they are connected (or have given up)
        settle = time.monotonic() + args.settle
        while held[0] < idle * 0.99 and time.monotonic() < settle:
            await asyncio.sleep(0.2)
        print(f"load idle: {held[0]} of {idle} connections open", file=sys.stderr, flush=True)
    opened = held[0]
    stats = Stats()
    start = time.monotonic()
    stop = start + args.seconds
    think = args.think_ms / 1000
    await asyncio.gather(
        *(
            client(host, port, stop, stats, think, random.Random(args.seed * 1000 + i))
            for i in range(args.clients)
        )
    )
    elapsed = time.monotonic() - start
    result = stats.summary(elapsed)
    if idle:
        result["idle_opened"] = opened
        result["idle_held_at_end"] = held[0]
        for t in idle_tasks:
            t.cancel()
        await asyncio.gather(*idle_tasks, return_exceptions=True)
    return result


def raise_fd_limit(need):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, need)
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def start_server(cute, extra, cpus, stderr=subprocess.DEVNULL):
    pin = ["taskset", "-c", cpus] if cpus else []
    proc = subprocess.Popen(
        [*pin, cute, "serve", "--port", "0", *extra],
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
    )
    line = proc.stdout.readline()
    # "cute playground at http://127.0.0.1:PORT/ (Ctrl-C to stop)"
    url = next(w for w in line.split() if w.startswith("http://"))
    hostport = url[len("http://") :].rstrip("/")
    host, port = hostport.rsplit(":", 1)
    return proc, host, int(port)


def conditions():
    load1, load5, _ = os.getloadavg()
    return {
        "cpus": os.cpu_count(),
        "loadavg_1m_before": round(load1, 2),
        "loadavg_5m_before": round(load5, 2),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cute", default="target/release/cute")
    ap.add_argument("--clients", type=int, default=200)
    ap.add_argument("--idle", type=int, default=10000)
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--think-ms", type=float, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-refused", type=float, default=0.01)
    ap.add_argument("--max-p99-ms", type=float, default=50)
    ap.add_argument(
        "--header-ms",
        type=int,
        default=120000,
        help="the server's header-read timeout (cute serve --header-ms): long enough that "
        "the idle connections stay open through the phase (its default, 10 s, closes them)",
    )
    ap.add_argument("--settle", type=float, default=90, help="seconds to open the idle connections")
    ap.add_argument("--server-cpus", help="run the server on these CPUs (taskset -c LIST)")
    ap.add_argument("--json", help="write the figures to this file")
    ap.add_argument("serve_args", nargs="*", help="more arguments of `cute serve`")
    args = ap.parse_args()

    need = args.idle + args.clients + 100
    limit = raise_fd_limit(need)
    if limit < need:
        sys.exit(
            f"load: the open-files limit is {limit}, the test needs {need} "
            f"(ulimit -n {need}, or fewer --idle)"
        )
    figures = {"conditions": conditions(), "args": vars(args)}
    serve_args = ["--header-ms", str(args.header_ms), *args.serve_args]
    proc, host, port = start_server(args.cute, serve_args, args.server_cpus)
    ok = True
    try:
        for name, idle in [("clients", 0), ("idle", args.idle)]:
            r = asyncio.run(phase(host, port, args, idle))
            figures[name] = r
            line = (
                f"load {name}: {args.clients} clients"
                + (f" beside {idle} idle/slow connections ({r['idle_opened']} open)" if idle else "")
                + f", think 0..{2 * args.think_ms:g} ms, {args.seconds:g} s: "
                f"{r['answered']} answered ({r['requests_per_s']:.0f}/s), "
                f"{r['refused']} refused, {r['failed']} failed "
                f"({100 * r['refused_fraction']:.2f}%); "
                f"p50 {r['p50_ms']:.1f} ms, p90 {r['p90_ms']:.1f} ms, "
                f"p99 {r['p99_ms']:.1f} ms, max {r['max_ms']:.1f} ms"
            )
            print(line, flush=True)
            if r["failures"]:
                print(f"load {name}: failures {r['failures']}", flush=True)
            if r["refused_fraction"] > args.max_refused or not r["p99_ms"] <= args.max_p99_ms:
                print(
                    f"load {name}: MISSED (at most {100 * args.max_refused:g}% refused, "
                    f"p99 under {args.max_p99_ms:g} ms)",
                    flush=True,
                )
                ok = False
            if proc.poll() is not None:
                print(f"load: the server exited ({proc.returncode})", flush=True)
                ok = False
                break
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    figures["conditions"]["loadavg_1m_after"] = round(os.getloadavg()[0], 2)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(figures, f, indent=2)
    print(f"load: conditions {figures['conditions']}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
