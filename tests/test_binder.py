"""The Binder recipe installs into a fresh venv, and the app's index and a chapter then execute there."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.venvs import fresh_venv, outer_env

ROOT = Path(__file__).resolve().parent.parent

PROBE = r"""
import json, sys, nbformat
from nbclient import NotebookClient
out = {}
for name in ("index.ipynb", "01_battlefield.ipynb"):
    nb = nbformat.read(sys.argv[1] + "/" + name, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell("import centurion, voila; print(centurion.__file__)"))
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": sys.argv[1]}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []) if o.output_type == "error"]
    out[name] = {"errors": len(errors), "file": nb.cells[-1].outputs[0]["text"].strip()}
print(json.dumps(out))
"""


@pytest.mark.slow
def test_binder_recipe_installs_and_the_index_executes(tmp_path):
    venv = tmp_path / "venv"
    py = fresh_venv(venv)
    req = (ROOT / "binder" / "requirements.txt").read_text()
    assert "\n.\n" in f"\n{req}\n" or req.strip().endswith(".")
    # repo2docker runs pip on binder/requirements.txt from the repository root
    subprocess.run([str(py), "-m", "pip", "install", "-q", "--no-build-isolation", "-r",
                    str(ROOT / "binder" / "requirements.txt")], check=True, cwd=ROOT)
    installed = venv / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / "site-packages"
    notebooks = next(installed.glob("centurion/_notebooks"))
    run = subprocess.run([str(py), "-c", PROBE, str(notebooks)], capture_output=True, text=True, cwd=tmp_path,
                         check=True, env=outer_env())
    result = json.loads(run.stdout.strip().splitlines()[-1])
    for name in ("index.ipynb", "01_battlefield.ipynb"):
        assert result[name]["errors"] == 0, run.stderr[-2000:]
        assert str(venv) in result[name]["file"], "the venv's copy of centurion ran the notebook"


def test_binder_post_build_configures_kernel_culling(tmp_path):
    """repo2docker runs binder/postBuild: it must leave a server config that culls kernels whose page is gone."""
    env = {"PATH": "/usr/bin:/bin", "NB_PYTHON_PREFIX": str(tmp_path)}
    subprocess.run(["bash", str(ROOT / "binder" / "postBuild")], check=True, env=env, capture_output=True)
    conf = tmp_path / "etc" / "jupyter" / "jupyter_server_config.d" / "centurion-culling.json"
    probe = (
        "import sys; from traitlets.config.loader import JSONFileConfigLoader as L;"
        "from jupyter_server.services.kernels.kernelmanager import MappingKernelManager as M;"
        "c = L(sys.argv[1]).load_config(); m = M(config=c);"
        "print(m.cull_idle_timeout, m.cull_interval, m.cull_connected, m.cull_busy)"
    )
    out = subprocess.run([sys.executable, "-c", probe, str(conf)], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["120", "30", "False", "False"]
    assert (ROOT / "binder" / "runtime.txt").read_text().strip() == "python-3.11"
