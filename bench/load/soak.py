#!/usr/bin/env python3
"""Soak of the playground (`cute serve`, issue 26): a long mixed stream, and what must hold.

Starts `cute serve --port 0` and, for `--seconds`, sends from `--clients` (16) concurrent
clients a mixed stream of requests to every route the playground has (`GET /`, `/api/ops`,
`/api/gallery`, `/api/eval` with its picture options):

- **valid** and **invalid** expressions (bench/soak_gen.py's generators, the `cute eval` soak's:
  the algebra on random hierarchical layouts; mutated, truncated, unknown, unbalanced, not
  UTF-8);
- **hostile** ones: integers near and past `i64::MAX`, bytes that are not UTF-8, NUL, CR and LF
  inside the expression, nesting to and past the depth limit, many calls in one expression,
  F2 (`^`) strides and Triton linear-layout literals, bad picture options;
- **huge** ones: 4 KiB expressions (the longest accepted), longer ones (refused by length),
  work past the budget or the time limit, a 1 MB query (past the request-head limit);
- **protocol** ones: unknown paths, POST, a missing `expr`, a malformed request line, a
  client that goes away before its answer, HTTP/1.0 without keep-alive.

Besides, `--slow` (20) connections send a request head a byte a second (the server closes them
at its header-read timeout; they are opened again).

It checks, and exits 1 unless all hold:

- every request is answered with its route's documented status: 200 or 400 (JSON
  `{"error": ...}` of at most `--max-error-bytes`) for an evaluation, 431 for a request head
  past 16 KiB, 503 for a full queue
  (counted as refused: at most `--max-refused` of them), 404/405/400/431 for the protocol
  cases; never a 5xx other than 503, never a connection reset or no answer in 20 s;
- the answers match `cute eval`'s: every evaluation answered without picture options (a
  result, or an error: its text up to its hint, which the playground words for itself) is
  evaluated again by one `cute eval` process reading them one a line, and must read the same
  (left out: expressions `cute eval` cannot read as one line, past the playground's 4 KiB,
  blank, or timed: `solve_swizzle`);
- the server's resident memory (VmRSS, `/proc/PID/status`, sampled every `--sample-s`) stays
  bounded: after the first fifth of the run (warm-up), the peak of the second half is at most
  1.25 times the first half's plus 16 MiB, and all of it under `--max-rss-mib`; the least
  squares slope is reported;
- no file descriptor leaks: the server's open descriptors (`/proc/PID/fd`) come back to within
  8 of their count before the run once every client has closed;
- nothing on the server's standard error (a panic would print there), and the server still
  runs at the end.

Only the standard library. Run it nice'd on a shared machine:

    nice python3 bench/load/soak.py [--cute target/release/cute] [--seconds 600]
        [--clients 16] [--slow 20] [--seed 1] [--json FILE]
"""

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import soak_gen  # noqa: E402  (bench/soak_gen.py: the `cute eval` soak's expressions)
from load import raise_fd_limit, read_response, start_server  # noqa: E402

# A request not answered in this many seconds is unanswered (5 s evaluation limit, 2 s queue).
TIMEOUT = 20

I64_MAX = 9223372036854775807

# What an evaluation may be answered.
EVAL_STATUS = {200, 400, 503}

# The server's bound on a request head (`cute serve`: 16 KiB); a longer one is answered 431.
HEAD_LIMIT = 16 << 10

# The longest expression the playground evaluates (`page::MAX_EXPR_BYTES`).
MAX_EXPR_BYTES = 4096


def q(expr, **options):
    """The path of an evaluation of `expr` (str, or bytes sent as they are) with `options`."""
    raw = expr if isinstance(expr, bytes) else expr.encode("utf-8", "surrogateescape")
    path = "/api/eval?expr=" + urllib.parse.quote_from_bytes(raw, safe="")
    for k, v in options.items():
        path += f"&{k}=" + urllib.parse.quote(str(v), safe="")
    return path


def hostile(r, P):
    """An evaluation a hostile user would send: (expression, options)."""
    lay = r.choice(P["l"])
    k = r.randrange(14)
    if k == 0:  # near and past i64::MAX
        n = r.choice([I64_MAX, I64_MAX - 1, I64_MAX + 1, -I64_MAX - 1, 2**64, 10**30])
        return r.choice([
            f"size(({n},2):(1,{n}))", f"ceil_div({n},-1)", f"composition({n}:1, 2:2)",
            f"make_layout({n}, 2)", f"logical_divide(({n},{n}):(1,1), 2)",
            f"complement(4:{n}, {n})", f"crd2idx({n}, {lay})", f"shape_div({n}, -1)",
            f"right_inverse(({n},2):(2,1))", f"{n}:{n}",
        ]), {}
    if k == 1:  # bytes that are not UTF-8
        return b"size(" + bytes([r.randrange(0x80, 0x100)]) + b"4:1)", {}
    if k == 2:  # NUL, CR, LF inside
        c = r.choice(["\x00", "\r\n", "\n", "\r", "\t", "\x1b[31m"])
        return f"size({lay}){c}size(4:1)" if r.random() < 0.5 else f"size({c}{lay})", {}
    if k == 3:  # nesting to and past the depth limit
        d = r.choice([16, 31, 32, 33, 100, 2000])
        return "size(" + "(" * d + "1" + ")" * d + ")", {}
    if k == 4:  # calls nested to and past the nesting limit
        d = r.choice([15, 16, 17, 100])
        return "coalesce(" * d + lay + ")" * d, {}
    if k == 5:  # many calls in one expression
        n = r.choice([10, 100, 300])
        return "make_tuple(" + ",".join(["size(4:1)"] * n) + ")", {}
    if k == 6:  # F2 strides
        return r.choice([
            "(_8,_8):(_1^,_9^)", "(8,8):(1^,9^)", "composition((_8,_8):(_1^,_9^), (_4,_2):(_1,_8))",
            "(_8,_8):(_1^,_9223372036854775807^)", "(_64,_64):(_1^,_65^)", "size((4,4):(1^,-3^))",
            "to_swizzled((_8,_8):(_1^,_9^))", "(_8,_8):(_1^,_9^)^",
        ]), {}
    if k == 7:  # Triton's linear layouts
        return r.choice([
            "register=[[0,1],[8,0]] lane=[[0,2],[0,4],[1,0],[2,0],[4,0]] warp=[] block=[] -> dim0=16 dim1=8",
            "register=[[0,1]] -> dim0=1",
            "register=[[9223372036854775807,1]] -> dim0=16 dim1=8",
            "to_linear_layout(#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
            "warpsPerCTA = [1, 1], instrShape = [16, 8]}>, (16,8))",
            "#ttg.linear<{register = [[0, 1], [8, 0]], lane = [], warp = [], block = []}>",
            "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>",
        ]), {}
    if k == 8:  # picture options, valid and not
        opts = r.choice([
            {"color": r.choice(["tile", "bank", "thread", "rainbow", "x" * 5000])},
            {"highlight": r.choice(["thread:3", "value:-1", "tile:99999999999999999999",
                                    "(_,3)", "warp:1", "thread:" + "9" * 3000])},
            {"elem_bytes": r.choice(["2", "0", "-1", "1048577", str(I64_MAX), "x" * 3000])},
            {"coords": r.choice(["1", "true", "nope"])},
        ])
        return lay, opts
    if k == 9:  # tensors, with `+` spelled in the URL as a space and as %2B
        return r.choice([f"{lay}+3", f"{lay} 3", f"logical_divide({lay}+5, 2)"]), {}
    if k == 10:  # swizzles and composed layouts
        return r.choice([
            "composition(Swizzle<3,4,3>{}, (8,64):(64,1))", "Sw<3,4,3> o (8,64):(64,1)",
            "Swizzle<31,31,31>{}", "Swizzle<1,2,-63>{}", f"composition(Swizzle<2,0,2>{{}}, {lay})",
        ]), {}
    if k == 11:  # tiled MMAs and atoms
        return r.choice([
            "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN)",
            "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1))",
            "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (64,64,1))",
            "make_tiled_mma(SM80_NO_SUCH)", "make_tv_layout((-1,-1), (32,4):(1,32))",
        ]), {}
    if k == 12:  # empty and blank
        return r.choice(["", " ", "\t", "()", "_", ":"]), {}
    return soak_gen.invalid(r, P), {}


def huge(r, P):
    """A huge evaluation: (expression, options)."""
    k = r.randrange(6)
    if k == 0:  # the longest accepted: a layout of 4 KiB
        n = 4000 // 4
        return f"coalesce(({','.join(['2'] * (n // 2))}):({','.join(['0'] * (n // 2))}))", {}
    if k == 1:  # past the length limit
        return "size(" + "1," * 3000 + "1)", {}
    if k == 2:  # one expression, many limited calls: the budget stops it
        return "make_tuple(" + ",".join(["rank(solve_swizzle((16777216):(1),16))"] * 20) + ")", {}
    if k == 3:  # a big picture
        return r.choice(["(128,128):(128,1)", "(1024,1024):(1024,1)", "(2,2,2,2,2,2,2,2,2,2,2,2,2,2):(0,0,0,0,0,0,0,0,0,0,0,0,0,0)"]), {"color": "tile"}
    if k == 4:  # a 10 MB name would not pass the head limit: a 3 KB one does
        return "x" * 3000 + "(1)", {}
    return "make_ordered_layout((" + ",".join(["1"] * 700) + "),(" + ",".join(str(i) for i in range(700)) + "))", {}


class Stats:
    def __init__(self):
        self.counts = {}  # kind -> answered
        self.statuses = {}  # status -> count
        self.refused = 0  # 503
        self.bad = []  # (kind, what) of every check that failed
        self.compared = {}  # expression -> (status, text)
        self.latencies = []

    def failed(self, kind, what):
        if len(self.bad) < 1000:
            self.bad.append((kind, what))


async def exchange(host, port, raw, conn):
    """Sends `raw` on `conn` (a new connection where None); the status, body and connection."""
    if conn is None:
        conn = await asyncio.wait_for(asyncio.open_connection(host, port), TIMEOUT)
    reader, writer = conn
    writer.write(raw)
    await writer.drain()
    status, keep, body = await asyncio.wait_for(read_response(reader), TIMEOUT)
    if not keep:
        writer.close()
        conn = None
    return status, body, conn


def get(host, path, close=False):
    extra = "Connection: close\r\n" if close else ""
    return f"GET {path} HTTP/1.1\r\nHost: {host}\r\n{extra}\r\n".encode("latin-1")


def check_eval(stats, kind, expr, status, body, args, path, opts):
    """An evaluation's answer: its status, its body, and the expression noted for `cute eval`."""
    if status == 431 and len(path) > HEAD_LIMIT:
        return  # a request head past the server's limit: refused as documented
    if status not in EVAL_STATUS:
        stats.failed(kind, f"status {status} for {expr[:80]!r}")
        return
    if status == 503:
        stats.refused += 1
        return
    try:
        answer = json.loads(body)
    except ValueError:
        stats.failed(kind, f"status {status}: not JSON: {body[:80]!r}")
        return
    if status == 400:
        msg = answer.get("error")
        if not isinstance(msg, str):
            stats.failed(kind, f"400 without an error: {body[:80]!r}")
            return
        if len(body) > args.max_error_bytes:
            stats.failed(kind, f"{len(body)} bytes of error for {expr[:60]!r}: {msg[:200]!r}")
        text = ("error", msg)
    else:
        if "result" not in answer:
            stats.failed(kind, f"200 without a result: {body[:80]!r}")
            return
        text = ("value", answer["result"])
    if not opts and isinstance(expr, str) and comparable(expr) and len(stats.compared) < args.compare:
        stats.compared.setdefault(expr.strip(), text)


def comparable(expr):
    """Whether `cute eval` reads `expr` as the playground does: one line, valid UTF-8 (the query
    decoder refuses what is not), and not timed (the playground stops at 5 s, `cute eval` not)."""
    try:
        expr.encode("utf-8")
    except UnicodeEncodeError:
        return False
    e = expr.strip()
    return (
        all(c >= " " and c != "\x7f" for c in e)
        and "solve_swizzle" not in e
        # refused by the playground's expression length, and told apart by `cute eval`
        and 0 < len(e.encode()) <= MAX_EXPR_BYTES
    )


async def client(host, port, stop, stats, args, rng, P):
    conn = None
    while time.monotonic() < stop:
        roll = rng.random()
        kind, expr, opts = "protocol", None, {}
        if roll < 0.45:
            kind, expr = "valid", soak_gen.valid(rng, P)
        elif roll < 0.65:
            kind, expr = "invalid", soak_gen.invalid(rng, P)
        elif roll < 0.85:
            kind = "hostile"
            expr, opts = hostile(rng, P)
        elif roll < 0.88:
            kind = "huge"
            expr, opts = huge(rng, P)
        elif roll < 0.93:
            kind = "page"
        start = time.monotonic()
        try:
            if expr is not None:
                path = q(expr, **opts)
                status, body, conn = await exchange(host, port, get(host, path), conn)
                check_eval(stats, kind, expr, status, body, args, path, opts)
            elif kind == "page":
                path = rng.choice(["/", "/api/ops", "/api/gallery"])
                status, body, conn = await exchange(host, port, get(host, path), conn)
                if status != 200 or not body:
                    stats.failed(kind, f"{path}: status {status}, {len(body)} bytes")
            else:
                conn = await protocol(host, port, stats, rng, conn)
            stats.latencies.append(time.monotonic() - start)
            stats.counts[kind] = stats.counts.get(kind, 0) + 1
        except (ConnectionError, asyncio.IncompleteReadError, OSError, asyncio.TimeoutError) as e:
            shown = expr[:80] if expr is not None else kind
            stats.failed(kind, f"no answer ({type(e).__name__}) to {shown!r}")
            if conn is not None:
                conn[1].close()
            conn = None
        if rng.random() < 0.05 and conn is not None:  # a fresh connection now and then
            conn[1].close()
            conn = None
        if args.think_ms:
            await asyncio.sleep(rng.uniform(0, 2 * args.think_ms / 1000))
    if conn is not None:
        conn[1].close()


async def protocol(host, port, stats, rng, conn):
    """One protocol case; the connection kept (or None)."""
    k = rng.randrange(8)
    if k == 0:
        status, _, conn = await exchange(host, port, get(host, "/no/such/path"), conn)
        want = {404}
    elif k == 1:
        raw = f"POST /api/eval HTTP/1.1\r\nHost: {host}\r\nContent-Length: 5\r\n\r\nhello".encode()
        status, _, conn = await exchange(host, port, raw, conn)
        want = {405}
    elif k == 2:
        status, _, conn = await exchange(host, port, get(host, "/api/eval"), conn)
        want = {400}
    elif k == 3:
        status, _, conn = await exchange(host, port, get(host, "/api/eval?expr=%ZZ%"), conn)
        want = {200, 400}
    elif k == 4:  # a malformed request line, on a connection of its own
        raw = rng.choice([b"GARBAGE\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n", b"\x00\xff\r\n\r\n"])
        status, _, _ = await exchange(host, port, raw, None)
        want = {400, 505}
    elif k == 5:  # a 1 MB query: past the request-head limit
        raw = get(host, "/api/eval?expr=" + "1" * (1 << 20))
        try:
            status, _, _ = await exchange(host, port, raw, None)
        except (ConnectionError, asyncio.IncompleteReadError):
            status = 431  # closed before the whole head was sent: refused too
        want = {400, 413, 414, 431}
    elif k == 6:  # a client that goes away before its answer
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), TIMEOUT)
        writer.write(get(host, q(rng.choice(["(64,64):(64,1)", "size(4:1)"]))))
        await writer.drain()
        writer.close()
        return conn
    else:  # HTTP/1.0 without keep-alive
        raw = f"GET {q('size((4,8):(8,1))')} HTTP/1.0\r\n\r\n".encode()
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), TIMEOUT)
        writer.write(raw)
        status, _, _ = await asyncio.wait_for(read_response(reader), TIMEOUT)
        writer.close()
        want = {200}
    if status not in want:
        stats.failed("protocol", f"case {k}: status {status}, expected {sorted(want)}")
    return conn


async def slow_connection(host, port, stop, rng):
    """A request head sent a byte a second; opened again when the server closes it."""
    head = get(host, q("size(4:1)"))
    while time.monotonic() < stop:
        try:
            reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), TIMEOUT)
        except (OSError, asyncio.TimeoutError):
            await asyncio.sleep(1)
            continue
        try:
            for i in range(len(head) - 2):  # never the end of the head
                if time.monotonic() >= stop or reader.at_eof():
                    break
                writer.write(head[i : i + 1])
                await writer.drain()
                await asyncio.sleep(1 + rng.random())
        except OSError:
            pass
        finally:
            writer.close()


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def fds(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


async def sampler(pid, stop, every, samples):
    start = time.monotonic()
    while time.monotonic() < stop:
        samples.append((time.monotonic() - start, rss_kib(pid), fds(pid)))
        await asyncio.sleep(every)


async def soak(host, port, pid, args):
    rng = random.Random(args.seed)
    P = {"l": [soak_gen.layout(rng) for _ in range(5000)],
         "t": [soak_gen.tiler(rng) for _ in range(2000)],
         "c": [soak_gen.coord(rng) for _ in range(300)]}
    stats = Stats()
    samples = []
    stop = time.monotonic() + args.seconds
    await asyncio.gather(
        sampler(pid, stop, args.sample_s, samples),
        *(slow_connection(host, port, stop, random.Random(i)) for i in range(args.slow)),
        *(client(host, port, stop, stats, args, random.Random(args.seed * 1000 + i), P)
          for i in range(args.clients)),
    )
    return stats, samples


def compare_with_eval(cute, compared):
    """The expressions whose `cute eval` answer differs from the playground's."""
    exprs = list(compared)
    out = subprocess.run(
        [cute, "eval"], input="\n".join(exprs) + "\n", capture_output=True, text=True,
        errors="surrogateescape",
    ).stdout.split("\n")
    differ = []
    for i, e in enumerate(exprs):
        line = out[i] if i < len(out) else "<no line>"
        kind, text = compared[e]
        if kind == "value":
            same = line == text
        else:
            # the playground words hints for itself; the message up to the hint is the same
            mine = text.replace("\n", " | ").split("; hint: ")[0]
            same = line.startswith("error: ") and line[7:].split("; hint: ")[0] == mine
        if not same:
            differ.append(f"{e[:100]!r}: playground {kind} {text[:120]!r}, cute eval {line[:120]!r}")
    return len(exprs), differ


def trend(samples):
    """Memory after the warm-up (the first fifth): peaks of its halves, slope in MiB/min."""
    rest = samples[len(samples) // 5 :]
    if len(rest) < 4:
        return None
    half = len(rest) // 2
    first = max(s[1] for s in rest[:half]) / 1024
    second = max(s[1] for s in rest[half:]) / 1024
    n = len(rest)
    mt = sum(s[0] for s in rest) / n
    mr = sum(s[1] for s in rest) / n
    var = sum((s[0] - mt) ** 2 for s in rest) or 1
    slope = sum((s[0] - mt) * (s[1] - mr) for s in rest) / var  # KiB/s
    return first, second, slope * 60 / 1024


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cute", default="target/release/cute")
    ap.add_argument("--seconds", type=float, default=600)
    ap.add_argument("--clients", type=int, default=16)
    ap.add_argument("--slow", type=int, default=20)
    ap.add_argument("--think-ms", type=float, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sample-s", type=float, default=2)
    ap.add_argument("--compare", type=int, default=200000, help="most expressions compared")
    ap.add_argument("--max-refused", type=float, default=0.05, help="most 503s, a fraction")
    ap.add_argument("--max-rss-mib", type=float, default=1024)
    ap.add_argument("--max-error-bytes", type=int, default=16384)
    ap.add_argument("--json", help="write the figures to this file")
    ap.add_argument("serve_args", nargs="*", help="more arguments of `cute serve`")
    args = ap.parse_args()
    raise_fd_limit(args.clients + args.slow + 200)
    load_before = os.getloadavg()
    with tempfile.TemporaryFile("w+") as err:
        proc, host, port = start_server(args.cute, args.serve_args, None, stderr=err)
        time.sleep(0.2)
        fds_before = fds(proc.pid)
        rss_before = rss_kib(proc.pid)
        t0 = time.monotonic()
        stats, samples = asyncio.run(soak(host, port, proc.pid, args))
        elapsed = time.monotonic() - t0
        # every client has closed: the descriptors come back
        settle = time.monotonic() + 15
        while fds(proc.pid) > fds_before + 8 and time.monotonic() < settle:
            time.sleep(0.5)
        fds_after = fds(proc.pid)
        alive = proc.poll() is None
        proc.terminate()
        proc.wait(timeout=10)
        err.seek(0)
        stderr = err.read()
    compared, differ = compare_with_eval(args.cute, stats.compared)
    answered = sum(stats.counts.values())
    t = trend(samples)
    peak = max(s[1] for s in samples) / 1024 if samples else 0
    figures = {
        "seconds": round(elapsed, 1), "requests": answered, "per_kind": stats.counts,
        "refused_503": stats.refused, "failed": len(stats.bad),
        "compared_with_cute_eval": compared, "differ": len(differ),
        "rss_mib": {"start": round(rss_before / 1024, 1), "peak": round(peak, 1),
                    "first_half_peak": round(t[0], 1) if t else None,
                    "second_half_peak": round(t[1], 1) if t else None,
                    "slope_mib_per_min": round(t[2], 3) if t else None},
        "fds": {"before": fds_before, "max": max((s[2] for s in samples), default=0),
                "after": fds_after},
        "stderr_bytes": len(stderr), "alive": alive,
        "samples_s_rss_kib_fds": [[round(t, 1), r, f] for t, r, f in samples],
        "loadavg_before": [round(x, 2) for x in load_before],
        "loadavg_after": [round(x, 2) for x in os.getloadavg()],
    }
    print(f"soak: {answered} requests in {elapsed:.0f} s ({answered / elapsed:.0f}/s) "
          f"{stats.counts}; {stats.refused} refused (503), {len(stats.bad)} failed; "
          f"{compared} answers compared with cute eval, {len(differ)} differ")
    print(f"soak: RSS start {figures['rss_mib']['start']} MiB, peak {peak:.1f} MiB"
          + (f", after warm-up {t[0]:.1f} then {t[1]:.1f} MiB, slope {t[2]:+.3f} MiB/min" if t else "")
          + f"; fds {fds_before} before, {figures['fds']['max']} at most, {fds_after} after; "
          f"load {figures['loadavg_before']} -> {figures['loadavg_after']}")
    ok = True

    def fail(why):
        nonlocal ok
        ok = False
        print(f"soak: FAILED: {why}")

    for kind, what in stats.bad[:20]:
        print(f"soak: {kind}: {what}")
    if stats.bad:
        fail(f"{len(stats.bad)} requests not answered as documented")
    for d in differ[:20]:
        print(f"soak: differs: {d}")
    if differ:
        fail(f"{len(differ)} answers differ from cute eval's")
    if answered and stats.refused / answered > args.max_refused:
        fail(f"{stats.refused} of {answered} refused (503), more than {args.max_refused:.0%}")
    if t and t[1] > 1.25 * t[0] + 16:
        fail(f"memory grew: peak {t[0]:.1f} MiB then {t[1]:.1f} MiB")
    if peak > args.max_rss_mib:
        fail(f"peak RSS {peak:.1f} MiB, more than {args.max_rss_mib} MiB")
    if fds_after > fds_before + 8:
        fail(f"{fds_after} descriptors open after the run, {fds_before} before")
    if stderr:
        fail(f"the server wrote to standard error: {stderr[:500]!r}")
    if not alive:
        fail("the server exited")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(figures, f, indent=2)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
