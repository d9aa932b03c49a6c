"""examples/layout_algebra.ipynb runs: its code cells executed in order, pictures rendered;
and, where nbclient and ipykernel are installed (scripts/test-python installs them), the whole
notebook in a Jupyter kernel, as `jupyter nbconvert --execute` runs it."""

import json
import pathlib

import pytest

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


def test_notebook_runs_in_a_jupyter_kernel():
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    nb = nbformat.read(str(NOTEBOOK), as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=300, kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOK.parent)}})
    client.execute()  # raises CellExecutionError, with the cell and traceback, if a cell fails
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    svgs = [o for o in outputs if "image/svg+xml" in o.get("data", {})]
    assert len(svgs) >= 8
    assert all(o["data"]["image/svg+xml"].lstrip().startswith("<svg") for o in svgs)
