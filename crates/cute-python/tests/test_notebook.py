"""examples/layout_algebra.ipynb runs: its code cells executed in order, pictures rendered."""

import json
import pathlib

NOTEBOOK = pathlib.Path(__file__).resolve().parents[3] / "examples" / "layout_algebra.ipynb"


def test_notebook_code_cells_run_and_render():
    nb = json.loads(NOTEBOOK.read_text())
    namespace = {}
    shown = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        *body, last = source.strip().splitlines()
        exec("\n".join(body), namespace)
        try:
            value = eval(last, namespace)
        except SyntaxError:
            exec(last, namespace)
            continue
        if hasattr(value, "_repr_svg_"):
            svg = value._repr_svg_()
            assert svg and "<svg" in svg, last
            shown.append(last)
    assert len(shown) >= 8
