"""The type stubs list every operation of the table (scripts/gen_stubs.py writes them)."""

import importlib.util
import pathlib

import cute_layout

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_stubs_are_up_to_date_and_shipped():
    spec = importlib.util.spec_from_file_location("gen_stubs", ROOT / "scripts" / "gen_stubs.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    committed = (ROOT / "python" / "cute_layout" / "__init__.pyi").read_text()
    assert committed == gen.stub_text(), "run crates/cute-python/scripts/gen_stubs.py"
    installed = pathlib.Path(cute_layout.__file__).parent
    assert (installed / "py.typed").exists()
    for name, *_ in cute_layout.operations():
        assert f"def {name}(" in committed
