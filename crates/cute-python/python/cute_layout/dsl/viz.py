"""``cute.viz``: the CuTe DSL's TikZ pictures of layouts, eagerly.

``print_latex(layout)`` and ``print_latex_tv(layout_tv, tile_mn)`` print what the DSL 4.8.1's
print (a standalone LaTeX document, one ``print`` per piece, so each piece is followed by a
newline), byte for byte (``bench/dsl/eager_check.py`` compares them with the DSL's); with
``render_func`` the ``tikzpicture`` alone goes to ``render_func`` in one string, the pieces
joined by spaces, as the DSL does. Unlike the DSL's (which fails after the header of a rank-1
layout: it unpacks the shape of the layout it was given, not of the one with the mode it adds),
a rank-1 layout is drawn as the column it is.

The cell colors are CuTe's: eight grays (``black!00``, ``black!40``, ...) for a layout, eight
pastels by thread for a TV layout (CuTe C++'s ``TikzColor_BWx8`` and ``TikzColor_TV``).
"""

import colorsys as _colorsys

_GRAYS = (0, 40, 20, 60, 10, 50, 30, 70)
_PASTELS = ((175, 175, 255), (175, 255, 175), (255, 255, 175), (255, 175, 175),
            (210, 210, 255), (210, 255, 210), (255, 255, 210), (255, 210, 210))
_PICTURE = ("\\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},"
            "every node/.style={minimum size=1cm, outer sep=0pt}]")
_DOCUMENT = ("\\documentclass[convert]{standalone}", "\\usepackage{tikz}", "\\begin{document}")


def tikz_color_bwx8(idx):
    """The gray of offset ``idx``: eight grays, neighbours far apart."""
    return "black!%02d" % _GRAYS[idx % 8]


def tikz_color_white(idx):
    """White, for every offset."""
    return "white"


def _rgb(r, g, b):
    return "{rgb,255:red,%d;green,%d;blue,%d}" % (r, g, b)


def tikz_color_tv(tid, vid):
    """The pastel of thread ``tid`` (eight, by ``tid % 8``)."""
    return _rgb(*_PASTELS[tid % 8])


def tikz_color_rainbow(index, count, saturation=1.0):
    """The hue ``index / count`` of the color wheel."""
    r, g, b = _colorsys.hsv_to_rgb((index % max(count, 1)) / max(count, 1), saturation, 1.0)
    return _rgb(round(r * 255), round(g * 255), round(b * 255))


PALETTES = {
    "pastel": lambda nt, nv: tikz_color_tv,
    "rainbow": lambda nt, nv: (lambda t, v: tikz_color_rainbow(t, nt)),
    "white": lambda nt, nv: (lambda t, v: "white"),
    "bw": lambda nt, nv: (lambda t, v: tikz_color_bwx8(t)),
}


class _Output:
    """The DSL's output of a picture: each piece printed on its own line, or all of the
    ``tikzpicture`` handed to ``render_func`` joined by spaces."""

    def __init__(self, render_func):
        self.render_func, self.pieces = render_func, []

    def __call__(self, piece):
        if self.render_func is None:
            print(piece)
        else:
            self.pieces.append(piece)

    def header(self, first_line):
        if self.render_func is None:
            for line in (first_line, *_DOCUMENT):
                print(line)

    def finish(self):
        self("\\end{tikzpicture}")
        if self.render_func is None:
            print("\\end{document}")
        else:
            self.render_func(" ".join(self.pieces))


def _static(x, what):
    from . import is_static

    if not is_static(x):
        raise ValueError(what)


def _grid_and_labels(out, m_count, n_count):
    out("\\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,0) grid (%d,%d);\n\n" % (m_count, n_count))
    for m in range(m_count):
        out("\\node at (%d,%d) {\\Large{\\texttt{%d}}};\n" % (m, -1, m))
    for n in range(n_count):
        out("\\node at (%d,%d) {\\Large{\\texttt{%d}}};\n" % (-1, n, n))


def print_latex(x, *, color=tikz_color_bwx8, render_func=None):
    """The TikZ picture of a static layout of rank 1 or 2: each cell ``(m, n)`` labelled with
    its offset and filled with ``color(offset)``."""
    from . import append, crd2idx, make_layout, product_each, rank

    _static(x, "Requires static input")
    if rank(x) > 2:
        raise ValueError("Requires rank <= 2 to print")
    layout = append(x, make_layout(1, stride=0)) if rank(x) == 1 else x
    out = _Output(render_func)
    out.header(f"%% Layout: {{}} {layout}")
    out(_PICTURE)
    m_count, n_count = product_each(layout.shape)
    for m in range(m_count):
        for n in range(n_count):
            offset = crd2idx((m, n), layout)
            out("\\node[fill=")
            out(color(offset))
            out("] at (%d,%d) {%d};\n" % (m, n, offset))
    _grid_and_labels(out, m_count, n_count)
    out.finish()


def print_latex_tv(layout_tv, tile_mn, *, color=tikz_color_tv, palette=None, title=None,
                   axis_labels=False, render_func=None):
    """The TikZ picture of a static TV layout over the ``(M, N)`` tile ``tile_mn``: the cell a
    thread's value lands in, labelled ``T# V#`` and filled by thread (the first thread and value
    to land in a cell own it)."""
    from . import crd2idx, make_layout, product_each, rank, size
    from ._values import Layout

    _static(layout_tv, "Layout tv and tile_mn must be static")
    _static(tile_mn, "Layout tv and tile_mn must be static")
    if rank(layout_tv) != 2:
        raise ValueError("Require layout_tv to be rank 2")
    out = _Output(render_func)
    out.header(f"%% Layout TV: {{}} {layout_tv}")
    out(_PICTURE + "\n")
    tile = tile_mn if isinstance(tile_mn, Layout) else make_layout(tile_mn)
    m_count, n_count = product_each(tile.shape)
    (m_size, n_size), (m_stride, n_stride) = tile.shape, tile.stride
    threads, values = size(layout_tv, mode=[0]), size(layout_tv, mode=[1])
    if palette is None:
        cell = color
    elif isinstance(palette, str):
        if palette not in PALETTES:
            raise ValueError("Unknown palette %r; choose one of %s or pass a factory"
                             % (palette, sorted(PALETTES)))
        cell = PALETTES[palette](threads, values)
    else:
        cell = palette(threads, values)
    filled = set()
    for tid in range(threads):
        for vid in range(values):
            idx = crd2idx((tid, vid), layout_tv)
            m, n = (idx // m_stride) % m_size, (idx // n_stride) % n_size
            if (m, n) in filled:
                continue
            filled.add((m, n))
            bands = cell(tid, vid)
            for lo, hi, fill in ([(0.0, 1.0, bands)] if isinstance(bands, str) else bands):
                out("\\path[fill=%s] (%g,%g) rectangle (%g,%g);\n"
                    % (fill, m - 0.5 + lo, n - 0.5, m - 0.5 + hi, n + 0.5))
            out("\\node at (%d,%d) {\\shortstack{T%d \\\\ V%d}};\n" % (m, n, tid, vid))
    _grid_and_labels(out, m_count, n_count)
    if axis_labels:
        out("\\node at (%g,%g) {\\Large N (col) $\\rightarrow$};\n" % (-1.7, n_count / 2.0))
        out("\\node[rotate=90] at (%g,%g) {\\Large $\\leftarrow$ M (row)};\n"
            % (m_count / 2.0, -2.0))
    if title:
        lines = " \\\\ ".join("\\texttt{" + tikz_escape(t) + "}" for t in title.split("\n"))
        out("\\node[anchor=south] at (%g,%g) {\\shortstack{%s}};\n" % (-2.2, n_count / 2.0, lines))
    out.finish()


_ESCAPES = {"\\": r"\textbackslash{}", "_": r"\_", "#": r"\#", "&": r"\&", "%": r"\%",
            "$": r"\$", "{": r"\{", "}": r"\}", "^": r"\textasciicircum{}",
            "~": r"\textasciitilde{}"}


def tikz_escape(s):
    """``s`` with LaTeX's special characters escaped."""
    return "".join(_ESCAPES.get(c, c) for c in s)


def print_latex_tiled_mma(tiled_mma):
    """The TikZ picture of every thread of a tiled MMA (C++'s ``print_latex`` of a TiledMMA:
    the A, B and C tiles, each cell labelled with its thread and value), from the library."""
    from .. import _native

    print(_native.latex(tiled_mma._text))


__all__ = ["print_latex", "print_latex_tv", "print_latex_tiled_mma", "PALETTES",
           "tikz_color_bwx8", "tikz_color_white", "tikz_color_tv", "tikz_color_rainbow",
           "tikz_escape"]
