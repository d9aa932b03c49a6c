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


def test_tensors_of_coordinates_and_atoms_are_drawn_as_the_cli_draws_them():
    # an identity tensor: the grid of the coordinates it holds; show prints print_tensor
    svg = cl.svg("make_identity_tensor((2,3))")
    assert ">(1,2)</text>" in svg
    t = cl.make_identity_tensor((2, 3))
    assert isinstance(t, cl.Value)
    assert t._repr_svg_() == t.to_svg() == svg
    assert t.to_png()[:8] == b"\x89PNG\r\n\x1a\n"
    assert cl.show("make_identity_tensor((2,2))") == (
        "ArithTuple(_0,_0) o (2,2):(_1@0,_1@1):\n  (0,0)  (0,1)\n  (1,0)  (1,1)\n"
    )
    # a scaled-basis layout: the tensor over the zero coordinate
    assert ">(1,0)</text>" in cl.svg("(2,2):(1@1,1@0)")
    # a tiled MMA, a tiled copy, an atom: CuTe's print_latex figure
    expr = "make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN,(_1,_2,_1))"
    mma = cl.make_tiled_mma("SM80_16x8x8_F32F16F16F32_TN", "(_1,_2,_1)")
    assert ">T63</text>" in cl.svg(expr)
    assert mma._repr_svg_() == mma.to_svg() == cl.svg(expr)
    atom = "Copy_Atom<UniversalCopy<uint32_t>,float>"
    copy = cl.make_tiled_copy(atom, "(_4,_8):(_8,_1)", "(_1,_4)")
    assert ">T31</text>" in copy._repr_svg_()
    assert ">T31</text>" in cl.svg("SM80_16x8x8_F32F16F16F32_TN")


def test_pictures_that_cannot_be_drawn_raise_with_hints():
    # no tiles to color
    with pytest.raises(cl.LayoutError, match="hint"):
        cl.svg("make_identity_tensor((2,3))", tiles=True)
    with pytest.raises(cl.LayoutError, match="no tiles"):
        cl.svg("make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN)", tiles=True)
    # over the picture-cell limit: an error naming the limit; Jupyter shows the text
    with pytest.raises(cl.LayoutError, match="MAX_PICTURE_CELLS"):
        cl.svg("make_identity_tensor((256,256))")
    big = cl.make_identity_tensor((256, 256))
    assert big._repr_svg_() is None
    with pytest.raises(cl.LayoutError, match="MAX_PICTURE_CELLS"):
        big.to_svg()
    # an atom has no text grid: the hint names what draws it
    with pytest.raises(cl.LayoutError, match="cute svg"):
        cl.show("make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN)")


@pytest.mark.skipif(CUTE is None, reason="the cute binary is not on PATH")
@pytest.mark.parametrize("expr", [
    "make_identity_tensor((2,3,2))",
    "(4,8):(1@0,1@1)",
    "make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN,(_1,_2,_1))",
])
@pytest.mark.parametrize("cmd", ["show", "svg"])
def test_same_pictures_as_the_cli(cmd, expr):
    cli = subprocess.run([CUTE, cmd, expr], capture_output=True, text=True)
    try:
        ours = {"show": cl.show, "svg": cl.svg}[cmd](expr)
    except cl.LayoutError as e:
        assert cli.returncode != 0 and str(e) in cli.stderr
        return
    assert cli.returncode == 0, cli.stderr
    assert ours == cli.stdout


@pytest.mark.skipif(CUTE is None, reason="the cute binary is not on PATH")
@pytest.mark.parametrize("expr,args", [
    ("make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN,(_1,_2,_1))", []),
    ("make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>,float>,(_4,_8):(_8,_1),(_1,_4))", []),
    ("SM61_DP4A", []),
    ("logical_divide((4,2,3):(2,1,8), 4:2)", ["--color", "tile"]),
    ("make_identity_tensor((4,8))", []),
])
def test_latex_is_cute_latex(expr, args):
    # a tiled MMA, a tiled copy, an MMA atom: CuTe's print_latex figure, byte for byte
    cli = subprocess.run([CUTE, "latex", expr, *args], capture_output=True, text=True)
    try:
        ours = cl.latex(expr, tiles=bool(args))
    except cl.LayoutError as e:
        assert cli.returncode != 0 and str(e) in cli.stderr
        return
    assert cli.returncode == 0, cli.stderr
    assert ours == cli.stdout


def test_latex_of_an_atom_takes_no_tiles():
    with pytest.raises(cl.LayoutError, match="takes no coloring") as e:
        cl.latex("make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN)", tiles=True)
    assert "tiles=" in str(e.value)
