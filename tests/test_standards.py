"""The brief's standards for public code: a docstring saying what (and which rule) and type hints on the return.

Read at run time from the package imported (`centurion.__file__`): every public function of every module, and every
public method and property of every public class defined there. A method overriding a documented one (a hook of
`BasicRules`, a Protocol's member) inherits its docstring (`inspect.getdoc`); a Protocol's `...` stub and a
property's setter are not asked for more.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import centurion


def _modules():
    for info in pkgutil.walk_packages(centurion.__path__, "centurion."):
        if info.name.endswith("__main__"):
            continue
        yield importlib.import_module(info.name)


def _public_callables():
    """(where, function) for every public function and method defined in the package."""
    for mod in _modules():
        for name, obj in vars(mod).items():
            if name.startswith("_") or getattr(obj, "__module__", None) != mod.__name__:
                continue
            if inspect.isfunction(obj):
                yield f"{mod.__name__}.{name}", obj, None
            elif inspect.isclass(obj):
                for mname, member in vars(obj).items():
                    if mname.startswith("_"):
                        continue
                    fn = member.fget if isinstance(member, property) else getattr(member, "__func__", member)
                    if inspect.isfunction(fn) and fn.__module__ == mod.__name__:
                        yield f"{mod.__name__}.{name}.{mname}", fn, obj


def test_every_public_function_says_what_it_does():
    missing = [where for where, fn, cls in _public_callables()
               if not (inspect.getdoc(getattr(cls, fn.__name__, fn)) if cls is not None else fn.__doc__)]
    assert missing == []


def test_every_public_function_has_a_return_annotation():
    missing = [where for where, fn, _cls in _public_callables() if "return" not in fn.__annotations__]
    assert missing == []
