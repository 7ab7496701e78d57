"""The settings of `centurion serve` and the Voila command line they make."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

LOOPBACK = "127.0.0.1"


@dataclass(frozen=True)
class ServeOptions:
    """How the rulebook is served; the defaults suit one machine with a few players."""

    port: int = 8866
    host: str = LOOPBACK
    max_kernels: int = 20          # page kernels at once (~80 MB each); 0 = no cap
    cull_idle_after: int = 120     # seconds a kernel with no page connected may stay idle; 0 = never cull
    cull_interval: int = 30        # seconds between culling passes
    preheat: tuple[str, ...] = field(default_factory=tuple)  # notebooks (e.g. "index.ipynb") with a kernel pool
    pool_size: int = 1             # preheated kernels kept ready per page in `preheat`

    def problems(self, root: Path | None = None) -> list[str]:
        """What is wrong with these settings, in words (empty when they are fine)."""
        out = []
        if not 1 <= self.port <= 65535:
            out.append(f"--port must be between 1 and 65535, got {self.port}")
        if self.max_kernels < 0:
            out.append(f"--max-kernels must be 0 (no cap) or more, got {self.max_kernels}")
        if self.cull_idle_after < 0:
            out.append(f"--cull-idle-after must be 0 (never) or more seconds, got {self.cull_idle_after}")
        if self.cull_interval < 1:
            out.append(f"--cull-interval must be at least 1 second, got {self.cull_interval}")
        if self.preheat and self.pool_size < 1:
            out.append(f"--pool-size must be at least 1, got {self.pool_size}")
        if root is not None:
            for page in self.preheat:
                if not (root / page).is_file():
                    out.append(f"--preheat {page}: no such notebook in {root}")
        return out


def voila_command(options: ServeOptions, root: Path) -> list[str]:
    """The command line of the server process: Voila (our subclass) over `root`, sources stripped.

    Voila refuses to combine preheated kernels with progressive rendering (both are global switches), so
    when any page is preheated every page renders by streaming instead; pages without a pool still
    start their own kernel as before.
    """
    cmd = [
        sys.executable, "-m", "centurion.serving.app", str(root),
        f"--port={options.port}",
        f"--Voila.ip={options.host}",
        "--Voila.port_retries=0",
        "--no-browser",
        "--strip_sources=True",
        "--VoilaConfiguration.show_tracebacks=False",
        "--VoilaConfiguration.multi_kernel_manager_class=centurion.serving.kernels.CappedKernelManager",
        f"--CappedKernelManager.max_page_kernels={options.max_kernels}",
        f"--MappingKernelManager.cull_idle_timeout={options.cull_idle_after}",
        f"--MappingKernelManager.cull_interval={options.cull_interval}",
        "--MappingKernelManager.cull_connected=False",
        "--MappingKernelManager.cull_busy=False",
        # kernels talk to the server over local sockets, not TCP: nothing to eavesdrop, no warning per page (W28)
        "--KernelManager.transport=ipc",
    ]
    if options.preheat:
        cmd += ["--preheat_kernel=True", "--pool_size=0", "--progressive_rendering=False",
                f"--CenturionVoila.preheat_pool_size={options.pool_size}"]
        cmd += [f"--CenturionVoila.preheat_pages={page}" for page in options.preheat]
    else:
        cmd.append("--progressive_rendering=True")
    return cmd
