"""The README's two quick-start commands are the ones CI and the package actually use."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def fenced_commands(text: str) -> list[str]:
    return [b.strip() for b in re.findall(r"```bash\n(.*?)```", text, flags=re.S)]


def test_ci_runs_the_readme_test_command():
    readme = fenced_commands((ROOT / "README.md").read_text(encoding="utf-8"))
    assert len(readme) == 2, "the quick start is exactly two commands"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    m = re.search(r"^TEST_COMMAND='(.*)'$", ci, flags=re.M)
    assert m is not None
    assert m.group(1) == readme[1]


def test_readme_app_command_uses_the_console_script():
    app = fenced_commands((ROOT / "README.md").read_text(encoding="utf-8"))[0]
    assert app == "pip install . && centurion serve"
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'centurion = "centurion.cli:main"' in pyproject
