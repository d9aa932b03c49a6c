"""Hypothesis profiles for the Python suite.

`derandomized` (the default, what CI runs): every run draws the same examples, so CI replays
exactly what passed before a change landed and a failure points at the change, never at a new
random draw. `random` (`CUTE_HYPOTHESIS=random`): fresh examples each run, for hunting; a failure
it finds is added as a plain test (see `test_pycute_differential.py`) before it is fixed.
"""

import os

from hypothesis import settings

settings.register_profile("derandomized", derandomize=True, database=None)
settings.register_profile("random")
settings.load_profile(os.environ.get("CUTE_HYPOTHESIS", "derandomized"))
