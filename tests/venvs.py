"""A fresh virtual environment that sees the packages of the environment running the tests.

`python -m venv --system-site-packages` shows the *base* interpreter's packages: run from inside a
virtualenv, the new venv would miss everything installed there (hatchling, voila, ...). Instead the new
venv gets a `.pth` file listing the site-packages folders this interpreter uses, after its own, so a
package installed into the new venv wins while its dependencies come from here (issue 10, item 7).
Their data files come through JUPYTER_PATH (`outer_env`). Only the folders are added: their `.pth` files are not run, so an editable install of the checkout here
cannot shadow the copy installed in the new venv.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def outer_site_dirs() -> list[str]:
    """The site-packages folders on this interpreter's path (a venv's and, if it has them, the base's)."""
    return [p for p in sys.path if Path(p).name in ("site-packages", "dist-packages") and Path(p).is_dir()]


def fresh_venv(path: Path) -> Path:
    """Create a venv at `path` seeing this environment's packages; return its python. No pip of its own
    (`--without-pip`: ensurepip took 5 s a venv): its `python -m pip` is this environment's pip, seen through
    the `.pth` file, and installs into the new venv (pip installs into the running interpreter's prefix)."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(path)], check=True)
    py = path / "bin" / "python"
    purelib = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    Path(purelib, "_centurion_test_outer_env.pth").write_text("\n".join(outer_site_dirs()) + "\n")
    return py


def outer_env() -> dict[str, str]:
    """Environment variables for the new venv's processes: the data files (Voila's templates, kernel specs)
    of the packages borrowed from here live under this environment's `share/jupyter`, not the new venv's."""
    from jupyter_core.paths import jupyter_path

    extra = [p for p in jupyter_path() if Path(p).is_dir()]
    old = os.environ.get("JUPYTER_PATH")
    return {**os.environ, "JUPYTER_PATH": os.pathsep.join(extra + ([old] if old else []))}
