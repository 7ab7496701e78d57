"""Names of a package imported on first use (PEP 562): `centurion.game` and `centurion.widgets` list where each
public name lives, and a page's kernel loads only the modules it uses (docs/testing.md, "Time of the suite")."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(package: str, home: Mapping[str, str], names: dict[str, Any],
               public: list[str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The `__getattr__` and `__dir__` of `package`: a name of `home` (name -> its module in the package) is
    imported from its module when first asked for and kept in `names` (the package's globals)."""

    def __getattr__(name: str) -> Any:
        module = home.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{module}", package), name)
        names[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(names) | set(public))

    return __getattr__, __dir__


__all__ = ["lazy_names"]
