"""Run the server as a child and stop its whole process tree on SIGTERM/SIGINT (issue 10, item 2).

Voila starts each kernel in a session of its own, so a signal to the server's process group never reaches
the kernels, and a server that dies leaves its kernels running. The supervisor therefore:
1. makes itself a child subreaper (Linux), so kernels orphaned by a dying server become its children;
2. on SIGTERM/SIGINT, asks the server to stop (SIGTERM: Voila shuts its kernels down);
3. after a grace period, kills every process still below it (walked in /proc), then exits.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

PR_SET_CHILD_SUBREAPER = 36


def become_subreaper() -> bool:
    """Ask Linux to re-parent our orphaned descendants to us; False where that is not available."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _parents() -> dict[int, int]:
    """pid -> parent pid for every process in /proc."""
    out: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # the command name is in parentheses and may contain spaces: split after the last ')'
        fields = stat[stat.rfind(")") + 2:].split()
        out[int(entry.name)] = int(fields[1])
    return out


def descendants(pid: int) -> list[int]:
    """Every living process below `pid` (Linux /proc; empty elsewhere)."""
    if not Path("/proc/self/stat").exists():
        return []
    parents = _parents()
    children: dict[int, list[int]] = {}
    for child, parent in parents.items():
        children.setdefault(parent, []).append(child)
    found: list[int] = []
    stack = [pid]
    while stack:
        for child in children.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return found


def _reap() -> None:
    """Collect exited children (re-parented orphans included) so none stays a zombie."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def kill_tree(grace_s: float, also: Sequence[int] = ()) -> None:
    """SIGTERM every descendant of this process, wait up to `grace_s`, then SIGKILL what is left."""
    me = os.getpid()
    targets = set(descendants(me)) | set(also)
    for pid in targets:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace_s
    while time.monotonic() < deadline:
        _reap()
        if not descendants(me):
            return
        time.sleep(0.1)
    for pid in set(descendants(me)) | targets:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)
    time.sleep(0.1)
    _reap()


def supervise(command: Sequence[str], cwd: str | os.PathLike[str] | None = None, grace_s: float = 10.0,
              on_start: Callable[[subprocess.Popen], None] | None = None) -> int:
    """Run `command` until it exits or we get SIGTERM/SIGINT; then leave no process of it behind."""
    become_subreaper()
    stopping = {"signal": None}

    def on_signal(signum: int, _frame: object) -> None:
        stopping["signal"] = signum

    old = {s: signal.signal(s, on_signal) for s in (signal.SIGTERM, signal.SIGINT)}
    proc = subprocess.Popen(list(command), cwd=cwd)
    if on_start is not None:
        on_start(proc)
    try:
        while proc.poll() is None and stopping["signal"] is None:
            time.sleep(0.2)
        if stopping["signal"] is not None and proc.poll() is None:
            # the server shuts its kernels down on SIGTERM; give it the grace period to do so
            with contextlib.suppress(ProcessLookupError):
                proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(grace_s)
            except subprocess.TimeoutExpired:
                pass
        kill_tree(grace_s=3.0, also=[proc.pid] if proc.poll() is None else [])
        code = proc.wait()
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)
    return 0 if stopping["signal"] is not None else code
