"""examples/layout_algebra.ipynb and examples/dsl_eager.ipynb (the CuTe DSL's layout tutorial,
eagerly) run: their code cells executed in order, pictures rendered; and, where nbclient and
ipykernel are installed (scripts/test-python installs them), each whole notebook in a Jupyter
kernel, as `jupyter nbconvert --execute` runs it."""

import json
import pathlib

import pytest

EXAMPLES = pathlib.Path(__file__).resolve().parents[3] / "examples"
# each notebook and the number of pictures it shows at least
NOTEBOOKS = {"layout_algebra.ipynb": 8, "dsl_eager.ipynb": 8}


@pytest.mark.parametrize("name", sorted(NOTEBOOKS))
def test_notebook_code_cells_run_and_render(name):
    nb = json.loads((EXAMPLES / name).read_text())
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
    assert len(shown) >= NOTEBOOKS[name]


@pytest.mark.parametrize("name", sorted(NOTEBOOKS))
def test_notebook_runs_in_a_jupyter_kernel(name):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    nb = nbformat.read(str(EXAMPLES / name), as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=300, kernel_name="python3",
        resources={"metadata": {"path": str(EXAMPLES)}})
    client.execute()  # raises CellExecutionError, with the cell and traceback, if a cell fails
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    svgs = [o for o in outputs if "image/svg+xml" in o.get("data", {})]
    assert len(svgs) >= NOTEBOOKS[name]
    assert all(o["data"]["image/svg+xml"].lstrip().startswith("<svg") for o in svgs)
