"""Pictures and text: the same outputs as the cute CLI's show / latex / svg / explain."""

import shutil
import subprocess

import pytest

import cute_layout as cl
from cute_layout import Layout

CUTE = shutil.which("cute")


def test_svg_png_latex_grid():
    L = Layout((4, 2), (2, 1))
    svg = L.to_svg()
    assert svg.startswith("<svg") or svg.startswith("<?xml")
    assert L._repr_svg_() == svg
    assert "<pre>(4,2):(2,1)</pre>" in L._repr_html_()
    assert L.to_png()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "\\begin{tikzpicture}" in L.to_latex()
    grid = L.grid()
    assert "(4,2):(2,1)" in grid
    assert cl.show("(4,2):(2,1)") == grid
    assert cl.latex("(4,2):(2,1)") == L.to_latex()
    assert cl.svg("(4,2):(2,1)") == svg
    assert cl.svg("logical_divide((4,2,3):(2,1,8), 4:2)", tiles=True) != svg


def test_tv_and_morphism_pictures():
    tv = cl.make_layout_tv(Layout((4, 2)), Layout((2, 2)))
    assert "<svg" in tv._repr_svg_()
    assert "tikz" in tv.to_latex()
    assert tv.grid()
    m = Layout((4, 5), (1, 64)).to_morphism()
    assert "<svg" in m._repr_svg_()


@pytest.mark.skipif(CUTE is None, reason="the cute binary is not on PATH")
@pytest.mark.parametrize("cmd", ["show", "latex", "svg", "explain"])
def test_same_output_as_the_cli(cmd):
    expr = "logical_divide((4,2,3):(2,1,8), 4:2)"
    cli = subprocess.run([CUTE, cmd, expr], capture_output=True, text=True, check=True).stdout
    ours = {"show": cl.show, "latex": cl.latex, "svg": cl.svg, "explain": cl.explain}[cmd](expr)
    assert ours == cli


def test_swizzled_layout_shows_a_table_of_offsets():
    c = cl.ComposedLayout(cl.Swizzle(1, 0, 1), 0, Layout((4, 2), (2, 1)))
    html = c._repr_html_()
    cells = [int(x.split(">")[-1]) for x in html.split("</td>")[:-1]]
    assert cells == [c(m, n) for m in range(4) for n in range(2)]
    big = cl.ComposedLayout(cl.Swizzle(1, 0, 1), 0, Layout((128, 128)))
    assert "<td" not in big._repr_html_()
