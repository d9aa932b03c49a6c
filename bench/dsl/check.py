"""Compare `cute eval --as dsl` with the CuTe DSL itself (run by bench/dsl/check.sh).

Usage: python check.py WORK_DIR  (under a Python with nvidia-cutlass-dsl installed)

Two checks. Values: the printed forms, below. Calls: WORK_DIR/calls.txt holds DSL Python calls
(`cute.dice(src, dicer)`, keywords by the DSL's names, tuples of layouts as tilers) and
calls_cute.txt what `cute eval --from dsl` gives for each; the DSL's print of each call's result
is compared with that, mapped as below (so the reading of DSL calls is checked too: argument
order, parameter names, static integers).

WORK_DIR holds four files of one line per case: cases.txt (the values, in CuTe notation),
cute.txt (`cute eval` of each), dsl.txt (`cute eval --as dsl` of each) and back.txt
(`cute eval --from dsl` of each DSL form). For each case the DSL form is traced in a
`@cute.jit` function of a generated module, which prints `cute.pretty_str(form)` at trace time
(no GPU needed), and that print is compared with `expected(cute)`: CuTe notation mapped to what
the DSL prints. The mapping (nvidia-cutlass-dsl 4.8.1):

- a static integer `_4` prints `4`; a dynamic one (`cutlass.Int32(4)`) prints `?`, wherever it
  is (so the DSL shows that an integer is dynamic, not its value: the read-back check below
  covers the values); a 64-bit one (`cutlass.Int64`, which `--as dsl` writes for a value
  outside 32 bits) prints `?{i64}` in a layout's shape or stride (a basis scale too), `?`
  elsewhere (alone, in a tuple, a composed layout's offset, a tensor's start);
- `_` (Python's `None`) prints `_`; a one-tuple `(4,)` prints `(4)`, as in CuTe;
- a swizzle `Sw<B,M,S>` prints `S<B,M,S>`; every swizzle with B = 0 prints as the identity
  swizzle `S<0,4,3>`; one with a negative shift prints without its closing `>`
  (`S<2,0,-3`), which is restored here before comparing;
- a tensor `L+o` (`cute.make_tensor(o, L)`) prints `tensor<o o L>`, an identity tensor
  `ArithTuple(0,2) o L` prints `tensor<(0,2) o L>`;
- a tiler `<A,B>` is a Python tuple and prints `(A,B)`; a TV layout, the pair
  `make_layout_tv` returns, prints `(TILER,LAYOUT)`, as here.

It also checks that each DSL form reads back (`cute eval --from dsl`) as the value itself, static
and dynamic integers kept apart; a tiler of integers and `_` alone is a plain Python tuple in the
DSL and reads back as that tuple, which stands for the tiler wherever a tiler is expected: it is
compared as the tuple.
"""

import contextlib
import importlib.util
import io
import re
import sys
from pathlib import Path


def ints(text: str, layout: bool = False) -> str:
    """CuTe notation's integers as the DSL prints them: `_4` -> `4`, a dynamic `4` -> `?`; in a
    `layout`'s shape and stride, a dynamic integer outside 32 bits (`cutlass.Int64`) -> `?{i64}`.

    Basis indices (`@0`) and swizzle parameters are kept.
    """

    def dynamic(v: str) -> str:
        return "?{i64}" if layout and not -(2**31) <= int(v) < 2**31 else "?"

    swizzles: list[str] = []

    def keep(m: re.Match) -> str:
        swizzles.append(m.group(0))
        return f"\0{len(swizzles) - 1}\0"

    text = re.sub(r"S<[^>]*>", keep, text)
    text = re.sub(
        r"(?<![\w@\0])(_?)(-?\d+)",
        lambda m: m.group(2) if m.group(1) else dynamic(m.group(2)),
        text,
    )
    return re.sub(r"\0(\d+)\0", lambda m: swizzles[int(m.group(1))], text)


def expected(cute: str) -> str:
    """What the DSL prints for the value `cute eval` prints as `cute`."""
    text = re.sub(r"Sw<0,\d+,-?\d+>", "S<0,4,3>", cute).replace("Sw<", "S<")
    if text.startswith("<"):
        text = text.replace("<", "(").replace(">", ")")
    m = re.fullmatch(r"ArithTuple(\S+) o (.*)", text)
    if m:
        return f"tensor<{ints(m.group(1))} o {ints(m.group(2), True)}>"
    m = re.fullmatch(r"(.*)\+(_?-?\d+)", text)
    if m:
        return f"tensor<{ints(m.group(2))} o {ints(m.group(1), True)}>"
    m = re.fullmatch(r"(.*) o (_?-?\d+) o (.*)", text)
    if m:
        return f"{ints(m.group(1), True)} o {ints(m.group(2))} o {ints(m.group(3), True)}"
    return ints(text, ":" in text)


def dsl_printed(text: str) -> str:
    """The DSL's print with its known slip undone: `S<2,0,-3` gets its closing `>`."""
    return re.sub(r"(S<\d+,\d+,-\d+)(?!>)", r"\1>", text)


def trace_all(forms: list[str], work: Path, name: str = "dsl_cases") -> list[str]:
    """What the DSL prints for each form: one `@cute.jit` function per form, traced (the module
    written to WORK/NAME.py)."""
    module = ["import cutlass", "import cutlass.cute as cute", ""]
    for i, form in enumerate(forms):
        module += ["@cute.jit", f"def case_{i}():", f"    print(cute.pretty_str({form}))", ""]
    path = work / f"{name}.py"
    path.write_text("\n".join(module))
    spec = importlib.util.spec_from_file_location(name, path)
    cases = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cases)
    printed = []
    for i in range(len(forms)):
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                getattr(cases, f"case_{i}")()
            printed.append(out.getvalue().strip())
        except Exception as e:  # the DSL refused the form: report it as its print
            printed.append(f"error: {type(e).__name__}: {e}".splitlines()[0])
    return printed


def check_calls(calls: list[str], cute: list[str], work: Path) -> int:
    """The calls of calls.txt (DSL Python) as the DSL evaluates them and as `cute eval --from
    dsl` does (`cute`): the number that differ."""
    failures = 0
    for call, ours, seen in zip(calls, cute, trace_all(calls, work, "dsl_calls")):
        if dsl_printed(seen) != expected(ours):
            failures += 1
            print(f"{call}\n  cute: {ours}\n  the DSL prints {seen}, expected {expected(ours)}")
    return failures


def main() -> int:
    work = Path(sys.argv[1])
    read = lambda name: (work / name).read_text().splitlines()
    cases, cute, dsl, back = (read(f) for f in ("cases.txt", "cute.txt", "dsl.txt", "back.txt"))
    assert len(cases) == len(cute) == len(dsl) == len(back), "one line per case in each file"
    calls, calls_cute = read("calls.txt"), read("calls_cute.txt")
    assert len(calls) == len(calls_cute), "one line per call in each file"
    printed = trace_all([d if not d.startswith("error") else "None" for d in dsl], work)
    failures = check_calls(calls, calls_cute, work)
    for case, ours, form, again, seen in zip(cases, cute, dsl, back, printed):
        problems = []
        if form.startswith("error"):
            problems.append(f"no DSL form: {form}")
        else:
            if dsl_printed(seen) != expected(ours):
                problems.append(f"the DSL prints {seen}, expected {expected(ours)}")
            tuple_tiler = ours.startswith("<") and not again.startswith("<")
            same = ours.replace("<", "(").replace(">", ")") if tuple_tiler else ours
            if again != same:
                problems.append(f"reads back as {again}, not {same}")
        if problems:
            failures += 1
            print(f"{case}\n  cute: {ours}\n  dsl:  {form}")
            for p in problems:
                print(f"  {p}")
    if failures:
        print(f"{failures} of {len(cases)} cases and {len(calls)} calls differ")
        return 1
    print(f"ok {len(cases)} values, {len(calls)} calls")
    return 0


if __name__ == "__main__":
    sys.exit(main())
