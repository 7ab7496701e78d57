"""A non-editable install ships the YAML data and the notebooks, and works from any folder."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.venvs import fresh_venv, outer_env
from tests.voila_start import launch_voila

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_wheel_install_works_from_tmp(tmp_path):
    venv = tmp_path / "venv"
    py = fresh_venv(venv)
    subprocess.run(
        [str(py), "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", str(ROOT)],
        check=True, cwd=tmp_path,
    )
    probe = (
        "import centurion, centurion.data as d, centurion.cli as c;"
        "print(centurion.__file__); print(d.data_dir()); print(len(d.sample_map()));"
        "print(d.terrain_table()['heavy_woods'].speed_limit); print(c.notebooks_dir())"
    )
    out = subprocess.run([str(py), "-c", probe], capture_output=True, text=True, cwd="/tmp", check=True)
    file_, data, hexes, limit, notebooks = out.stdout.split()
    assert str(venv) in file_, "the installed copy, not the checkout, was imported"
    assert data.endswith("centurion/_data") and str(venv) in data
    assert (hexes, limit) == ("1320", "6")
    assert notebooks.endswith("centurion/_notebooks")
    version = subprocess.run([str(venv / "bin" / "centurion"), "--version"], capture_output=True, text=True,
                             cwd="/tmp", check=True)
    assert version.stdout.startswith("centurion ")
    # the installed command serves the installed notebooks: the root address leads to the index
    import urllib.request

    log = tmp_path / "serve.log"
    server, port = launch_voila(lambda port: [str(venv / "bin" / "centurion"), "serve", "--no-browser", "--port",
                                              str(port)], log, cwd="/tmp", env=outer_env())
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60) as r:
            assert r.status == 200 and r.url.endswith("/voila/render/index.ipynb")
            assert b"interactive rulebook" in r.read()
    finally:
        server.terminate()
        server.wait(30)
    out = log.read_text()
    assert "centurion/_notebooks" in out and str(venv) in out

