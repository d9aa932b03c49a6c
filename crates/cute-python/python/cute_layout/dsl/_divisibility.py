"""The divisibility the CuTe DSL infers for the dynamic integers the layout algebra computes.

The DSL prints a dynamic integer it knows a divisor of as ``?{div=8}``. Its layout operations run
CuTe's algorithms on its integers, and each arithmetic step gives its result a divisor by one
rule of that step (``RULES`` below; nvidia-cutlass-dsl 4.8.1, read off its traces by
``bench/dsl/eager_check.py``'s ``DIVISIBILITY`` cases). The rules are syntactic: the DSL does not
simplify, so ``cosize`` (``L(size-1) + 1``, a sum with 1) of a dynamic layout has no divisor
even where the value is a multiple of 8.

Here the library computes every result (values, structure, which integers are static). To know
the divisors, the library's algorithm is replayed over ``D`` (a value with its static tag and
divisor): the same steps, each giving its result's divisor by the DSL's rule of that step. A
replay's result is used only where it prints exactly as the library's result (the same
structure, values and tags); elsewhere (an operation not replayed, a case the replay does not
follow) the result's dynamic integers get no divisor, printed ``?``, which is never false.
"""

import math
import re

# --- the integers and the DSL's rule of each arithmetic step -----------------------------------


class D:
    """An integer as the DSL's trace knows it: ``v`` its value (known here), ``static``, and
    ``div``, the divisor the DSL knows (a static integer's is its magnitude; 1 where none is
    known; 0 where the value is known to be 0); ``wide``: a 64-bit dynamic integer."""

    __slots__ = ("v", "static", "div", "wide")

    def __init__(self, v, static, div=None, wide=False):
        self.v, self.static, self.wide = v, static, wide
        self.div = abs(v) if static else (1 if div is None else div)

    def text(self):
        """As CuTe notation prints it: ``_4`` static, ``4`` dynamic."""
        return f"_{self.v}" if self.static else str(self.v)


def fixed(v):
    return D(v, True)


def _both(a, b, v, div):
    return D(v, a.static and b.static, div, a.wide or b.wide)


# The DSL's rule of each step (the divisor of a dynamic result; a static one is its value):
def mul(a, b):
    """A product: a multiple of the product of the divisors (a static factor counts as itself)."""
    return _both(a, b, a.v * b.v, a.div * b.div)


def add(a, b):
    """A sum: a multiple of the gcd of the divisors."""
    return _both(a, b, a.v + b.v, math.gcd(a.div, b.div))


def sub(a, b):
    """A difference: as a sum."""
    return _both(a, b, a.v - b.v, math.gcd(a.div, b.div))


def _quotient(a, b, v):
    """A quotient of the layout algebra (``shape_div``, ``ceil_div``, an exact division): no
    divisor known, except by a static 1 (the dividend itself)."""
    if b.static and b.v == 1:
        return D(v, a.static, a.div, a.wide)
    return _both(a, b, v, 1)


def div(a, b):
    """An exact division of the algebra (the library's ``Int::div``)."""
    if b.v == 0:
        raise ZeroDivisionError
    return _quotient(a, b, _trunc(a.v, b.v))


def _trunc(x, y):
    """``x / y`` rounded toward zero (Rust's ``/``)."""
    q = abs(x) // abs(y)
    return q if (x >= 0) == (y > 0) else -q


def ceil_div(a, b):
    """``ceil_div`` (the library's, rounding away from zero for positive operands)."""
    if b.v == 0:
        raise ZeroDivisionError
    x, y = a.v, b.v
    if x >= 0 and y > 0:
        return _quotient(a, b, x // y + (x % y != 0))
    return _quotient(a, b, _trunc(x + y - 1, y))


def floor_div(a, b):
    """``/`` of coordinates (``crd2idx``'s ``c / s``): a multiple of ``d / c`` where the static
    ``c`` divides the divisor ``d``, else none."""
    if b.v == 0:
        raise ZeroDivisionError
    v = a.v // b.v
    if b.static and b.v and a.div % b.v == 0:
        return D(v, a.static, a.div // abs(b.v), a.wide)
    return _both(a, b, v, 1)


def mod(a, b):
    """``%`` of coordinates: known 0 where the static ``c`` divides the divisor, else a multiple
    of their gcd; none where ``c`` is dynamic."""
    if b.v == 0:
        raise ZeroDivisionError
    v = a.v % b.v
    if b.static:
        return D(v, a.static, 0 if a.div % b.v == 0 else math.gcd(a.div, b.v), a.wide)
    return _both(a, b, v, 1)


def minimum(a, b):
    """``min``: a multiple of the gcd of the divisors."""
    return _both(a, b, min(a.v, b.v), math.gcd(a.div, b.div))


def absolute(a):
    return D(abs(a.v), a.static, a.div, a.wide)


def signum(a):
    """The sign: no divisor (the library keeps the operand's tag)."""
    return D((a.v > 0) - (a.v < 0), a.static, 1, a.wide)


# --- layouts of D: reading and printing CuTe notation --------------------------------------------

_TOKEN = re.compile(r"\(|\)|,|_?-?\d+")


def _tree(text, divs):
    """The tree of ``D`` of CuTe int-tuple ``text``, its dynamic integers given ``divs`` (an
    iterator of ``(divisor, wide)``)."""
    tokens = _TOKEN.findall(text)
    if "".join(tokens) != text:
        raise ValueError(text)
    pos = 0

    def item():
        nonlocal pos
        t = tokens[pos]
        pos += 1
        if t == "(":
            out = []
            while tokens[pos] != ")":
                if tokens[pos] == ",":
                    pos += 1
                    continue
                out.append(item())
            pos += 1
            return tuple(out)
        if t.startswith("_"):
            return fixed(int(t[1:]))
        d, wide = next(divs, (None, False))
        return D(int(t), False, d, wide)

    return item()


def _split(text):
    depth = 0
    for i, c in enumerate(text):
        depth += c == "("
        depth -= c == ")"
        if c == ":" and depth == 0:
            return text[:i], text[i + 1:]
    raise ValueError(text)


def read_layout(text, divs=None):
    """``(shape, stride)`` trees of the CuTe layout ``text`` (``divs``: its dynamic integers'
    ``(divisor, wide)``, in order)."""
    divs = iter(divs or ())
    s, d = _split(text)
    return _tree(s, divs), _tree(d, divs)


def read_tuple(text, divs=None):
    return _tree(text, iter(divs or ()))


def tree_text(t):
    if isinstance(t, tuple):
        return "(" + ",".join(tree_text(e) for e in t) + ")"
    return t.text()


def layout_text(layout):
    return f"{tree_text(layout[0])}:{tree_text(layout[1])}"


def leaves(t):
    if isinstance(t, tuple):
        for e in t:
            yield from leaves(e)
    else:
        yield t


def divisors(*trees):
    """The ``(divisor, wide)`` of the dynamic leaves of ``trees``, in order."""
    return [(x.div, x.wide) for t in trees for x in leaves(t) if not x.static]


def _modes(layout):
    """The flat modes ``(s, d)`` of a layout."""
    return list(zip(leaves(layout[0]), leaves(layout[1])))


def _from_modes(modes):
    if len(modes) == 1:
        return modes[0]
    return tuple(m[0] for m in modes), tuple(m[1] for m in modes)


def size(t):
    out = fixed(1)
    for x in leaves(t):
        out = mul(out, x)
    return out


# --- the algebra, step by step as the library computes it ----------------------------------------


def _coalesce_modes(modes, keep_last_stride=False):
    """The library's coalesce of flat modes (``merge.rs``): merging where ``s0*d0 == d1``."""
    out = []
    rev = list(reversed(modes))
    if not rev:
        return [(fixed(1), fixed(0))]
    s, d = rev[0]
    if keep_last_stride and s.v == 1:
        s = D(2, s.static, 2, s.wide)
    front = (s, d)
    for s, d in rev[1:]:
        if s.v == 1:
            continue
        if front[0].v == 1:
            front = (s, d)
        elif mul(s, d).v == front[1].v:
            front = (mul(s, front[0]), d)
        else:
            out.append(front)
            front = (s, d)
    out.append(front)
    return list(reversed(out))


def coalesce(layout):
    modes = _coalesce_modes(_modes(layout))
    if len(modes) == 1 and modes[0][0].v == 1:
        return fixed(1), fixed(0)
    return _from_modes(modes)


def coalesce_profile(layout, profile):
    """``coalesce(L, profile)``: an integer profile coalesces the whole layout; a tuple, mode by
    mode, the modes past it kept."""
    if isinstance(profile, D):
        return coalesce(layout)
    modes = [coalesce_profile(_mode(layout, i), p) for i, p in enumerate(profile)]
    return _join(modes + [_mode(layout, i) for i in range(len(profile), _rank(layout))])


def _compose_leaf(lhs, s, d):
    """``A o s:d``, ``A`` given by its coalesced modes (``composition.rs``'s ``compose_leaf``)."""
    if d.v == 0:
        return s, d
    if len(lhs) <= 1:
        e = lhs[0][1] if lhs else fixed(0)
        return s, mul(d, e)
    last_e, body = lhs[-1][1], lhs[:-1]
    emitted = []
    rest_s, rest_d = s, d
    for a, e in body:
        abs_d = absolute(rest_d)
        next_s = ceil_div(a, abs_d)
        next_d = mul(ceil_div(abs_d, a), signum(rest_d))
        if next_s.v != 1 and rest_s.v != 1:
            new_s = minimum(next_s, rest_s)
            emitted.append((new_s, mul(rest_d, e)))
            rest_s = div(rest_s, new_s)
        rest_d = next_d
    if not emitted:
        return rest_s, mul(rest_d, last_e)
    if rest_s.v != 1:
        emitted.append((rest_s, mul(rest_d, last_e)))
    return _from_modes(emitted)


def _compose_tree(lhs, s, d):
    if isinstance(s, tuple):
        parts = [_compose_tree(lhs, si, di) for si, di in zip(s, d)]
        return tuple(p[0] for p in parts), tuple(p[1] for p in parts)
    return _compose_leaf(lhs, s, d)


def composition(a, b):
    """``A o B`` of layouts."""
    lhs = _coalesce_modes(_modes(a), keep_last_stride=True)
    return _compose_tree(lhs, *b)


def composition_tiler(a, tiler):
    """``A o tiler``: a layout or an integer ``n`` (``n:_1``) composed; a tuple mode by mode,
    the modes of ``A`` past it dropped (``None``: the mode kept)."""
    if isinstance(tiler, Tile):
        return composition(a, tuple(tiler))
    if isinstance(tiler, D):
        return composition(a, (tiler, fixed(1)))
    modes = [_mode(a, i) if t is None else composition_tiler(_mode(a, i), t)
             for i, t in enumerate(tiler)]
    return _join(modes)


def filter_layout(layout):
    """``filter``: the modes of stride 0 or extent 1 dropped, then coalesced."""
    modes = [(s, d) for s, d in _modes(layout) if d.v != 0 and s.v != 1]
    return coalesce(_join(modes)) if modes else (fixed(1), fixed(0))


class Tile(tuple):
    """A layout inside a tiler (a pair ``(shape, stride)`` told apart from a tuple of modes)."""


def complement(layout, cotarget):
    """``complement(L, cotarget)`` (``complement.rs``): the modes filling the gaps of ``L``'s
    modes sorted by stride, then ``ceil_div(cotarget, cur):cur``, coalesced."""
    modes = [(s, d) for s, d in _modes(layout) if s.v != 1 and d.v != 0]
    modes.sort(key=lambda m: m[1].v)
    out = []
    cur = fixed(1)
    for s, d in modes:
        if d.v < 0:
            raise ValueError("negative stride")
        out.append((div(d, cur), cur))
        cur = mul(d, s)
    rest = _ceil_div_size(cotarget, cur)
    out.append((rest, D(0, rest.static) if rest.v == 1 else cur))
    return _from_modes(_coalesce_modes(out))


def _ceil_div_size(cotarget, cur):
    """``size(ceil_div(cotarget, cur))``: for a tuple, the left fold ``r = ceil_div(a, rest)``,
    ``rest = ceil_div(rest, a)``, multiplied out."""
    if isinstance(cotarget, D):
        return ceil_div(cotarget, cur)
    out, rest = fixed(1), cur
    for m in cotarget:
        out = mul(out, _ceil_div_size(m, rest))
        rest = ceil_div(rest, size(m))
    return out


def _divide_mode(layout, tile):
    """``logical_divide`` of a layout by a layout: ``A o (T, T*)``."""
    rest = complement(tile, coalesce(layout)[0])
    joined = ((tile[0], rest[0]), (tile[1], rest[1]))
    return composition(layout, joined)


def _mode(layout, i):
    s, d = layout
    if isinstance(s, tuple):
        return s[i], d[i]
    if i == 0:
        return s, d
    raise IndexError(i)


def _rank(layout):
    return len(layout[0]) if isinstance(layout[0], tuple) else 1


def _by_mode(layout, tiler, f):
    """``f`` mode by mode over a tuple tiler (``None``: the mode kept), the modes of
    ``layout`` past the tiler kept; the parts and the kept modes."""
    parts = []
    for i, t in enumerate(tiler):
        m = _mode(layout, i)
        parts.append(None if t is None else f(m, t))
    kept = [_mode(layout, i) for i in range(len(tiler), _rank(layout))]
    return parts, kept


def _tile_layout(t):
    if isinstance(t, Tile):
        return tuple(t)
    return t, fixed(1)


def logical_divide(layout, tiler):
    if isinstance(tiler, Tile) or isinstance(tiler, D):
        return _divide_mode(layout, _tile_layout(tiler))
    parts, kept = _by_mode(layout, tiler, lambda m, t: logical_divide(m, t))
    parts = [p if p is not None else _mode(layout, i) for i, p in enumerate(parts)]
    modes = parts + kept
    return tuple(m[0] for m in modes), tuple(m[1] for m in modes)


def _zipped(layout, tiler):
    """``(tiles, rests)`` of ``zipped_divide``: each a list of modes."""
    if isinstance(tiler, Tile) or isinstance(tiler, D):
        r = logical_divide(layout, tiler)
        return [_mode(r, 0)], [_mode(r, 1)], True
    parts, kept = _by_mode(layout, tiler, lambda m, t: logical_divide(m, t))
    tiles, rests = [], []
    for i, p in enumerate(parts):
        if p is None:
            tiles.append(_mode(layout, i))
            rests.append((fixed(1), fixed(0)))
        else:
            tiles.append(_mode(p, 0))
            rests.append(_mode(p, 1))
    return tiles, rests + kept, False


def _join(modes):
    return tuple(m[0] for m in modes), tuple(m[1] for m in modes)


def _splat(mode):
    """A mode's sub-modes (the mode itself where it is a leaf)."""
    if isinstance(mode[0], tuple):
        return list(zip(mode[0], mode[1]))
    return [mode]


def zipped_divide(layout, tiler):
    tiles, rests, single = _zipped(layout, tiler)
    if single:
        return _join(tiles + rests)
    return _join([_join(tiles), _join(rests)])


def tiled_divide(layout, tiler):
    tiles, rests, single = _zipped(layout, tiler)
    t = tiles[0] if single else _join(tiles)
    r = _splat(rests[0]) if single else rests
    return _join([t] + r)


def flat_divide(layout, tiler):
    tiles, rests, single = _zipped(layout, tiler)
    t = _splat(tiles[0]) if single else tiles
    r = _splat(rests[0]) if single else rests
    return _join(t + r)


def crd2idx(coord, shape, stride):
    """The index of ``coord`` (an integer or a tuple) in the layout ``shape:stride``: an
    integer is split by the modes' sizes (``%`` and ``/``), the last mode taking the rest."""
    if isinstance(coord, tuple):
        out = fixed(0)
        for c, s, d in zip(coord, shape, stride):
            out = add(out, crd2idx(c, s, d))
        return out
    if isinstance(shape, tuple):
        out = fixed(0)
        for i, (s, d) in enumerate(zip(shape, stride)):
            if i == len(shape) - 1:
                return add(out, crd2idx(coord, s, d))
            n = size(s)
            out = add(out, crd2idx(mod(coord, n), s, d))
            coord = floor_div(coord, n)
        return out
    return mul(coord, stride)


def upcast(layout, n):
    """``upcast<n>`` (``recast.rs``): a stride-``±1`` mode's extent divided by ``n``, the other
    strides divided by ``n``."""
    big = fixed(n)
    shape, stride = layout

    def shape_of(s, d):
        if d.v == 0:
            return s
        return ceil_div(s, ceil_div(big, absolute(d)))

    def stride_of(d):
        if d.v == 0:
            return d
        return mul(signum(d), ceil_div(absolute(d), big))

    return _map2(shape_of, shape, stride), _map1(stride_of, stride)


def downcast(layout, n):
    """``downcast<n>``: a stride-``±1`` mode's extent times ``n``, the other strides times ``n``."""
    big = fixed(n)
    shape, stride = layout
    return (_map2(lambda s, d: mul(s, big) if abs(d.v) == 1 else s, shape, stride),
            _map1(lambda d: d if abs(d.v) == 1 else mul(d, big), stride))


def _map1(f, t):
    return tuple(_map1(f, e) for e in t) if isinstance(t, tuple) else f(t)


def _map2(f, a, b):
    return tuple(_map2(f, x, y) for x, y in zip(a, b)) if isinstance(a, tuple) else f(a, b)


def cosize(layout):
    """``L(size(L) - 1) + 1``: the last offset, by the coordinate of each extent less 1."""
    shape, stride = layout
    last = _map1(lambda s: sub(s, fixed(1)), shape)
    return add(crd2idx(last, shape, stride), fixed(1))


def logical_product(block, tiler):
    """``(A, complement(A, size(A) * cosize(B)) o B)`` for a layout ``B`` (an integer ``n``
    is ``n:_1``)."""
    if isinstance(tiler, Tile):
        b = tuple(tiler)
    elif isinstance(tiler, D):
        b = tiler, fixed(1)
    else:  # a tuple tiler (mode by mode) is not replayed
        raise ValueError("a tuple tiler")
    rest = composition(complement(block, mul(size(block[0]), cosize(b))), b)
    return (block[0], rest[0]), (block[1], rest[1])


def zipped_product(block, tiler):
    """For a layout tiler, ``logical_product`` itself."""
    return logical_product(block, tiler)


def tiled_product(block, tiler):
    """For a layout tiler, ``(A, rest...)``: the rest's modes splatted."""
    r = logical_product(block, tiler)
    return _join([_mode(r, 0)] + _splat(_mode(r, 1)))


def flat_product(block, tiler):
    """For a layout tiler, ``(A..., rest...)``: both halves' modes splatted."""
    r = logical_product(block, tiler)
    return _join(_splat(_mode(r, 0)) + _splat(_mode(r, 1)))
