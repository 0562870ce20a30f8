"""One of the lab's scripts (strength, clop, openings, win-rates: files
without a .py name) loaded as a module, so its tests can call it.

Python 3 standard library only.
"""

import importlib.machinery
import importlib.util
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent


def load_script(file_name):
    """The module of scripts/FILE_NAME, named FILE_NAME with - as _."""
    name = Path(file_name).stem.replace("-", "_")
    loader = importlib.machinery.SourceFileLoader(name, str(SCRIPTS / file_name))
    spec = importlib.util.spec_from_loader(name, loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module
