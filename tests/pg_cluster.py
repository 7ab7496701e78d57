"""A throwaway PostgreSQL cluster for the store's tests (issue 24): Debian's server binaries, a Unix socket in
a temporary folder, no TCP port, run as the `postgres` user when the tests run as root; stopped and deleted at
the end of the session.

`postgres_binaries()` finds initdb/pg_ctl (on PATH or under /usr/lib/postgresql/*/bin); `Cluster.start()` starts
one; `cluster.new_database()` gives the SQLAlchemy URL of a fresh, empty store on it (a schema of its own).
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path


def postgres_binaries() -> Path | None:
    """The folder holding initdb and pg_ctl, newest version first; None when PostgreSQL is not installed."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).parent
    for d in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name)
                    if Path(p).parent.name.isdigit() else 0, reverse=True):
        if (Path(d) / "initdb").is_file() and (Path(d) / "pg_ctl").is_file():
            return Path(d)
    return None


class Cluster:
    """One PostgreSQL server in a temporary folder, reached through its Unix socket only."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.as_root = os.geteuid() == 0
        # /tmp when root: the postgres user must reach the folder (a TMPDIR under /root it could not)
        self.root = Path(tempfile.mkdtemp(prefix="centurion-pg-", dir="/tmp" if self.as_root else None))
        self.data = self.root / "data"
        self.socket = self.root / "sock"
        self.log = self.root / "server.log"
        self.user = "postgres"
        self.count = 0

    def _run(self, *args: str) -> subprocess.CompletedProcess:
        cmd = [str(a) for a in args]
        if self.as_root:  # the server refuses to run as root
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)

    def start(self) -> Cluster:
        """initdb and pg_ctl start; RuntimeError with the server's own words when either fails."""
        self.socket.mkdir()
        if self.as_root:
            shutil.chown(self.root, "postgres")
            shutil.chown(self.socket, "postgres")
        r = self._run(self.bindir / "initdb", "-D", self.data, "-U", self.user, "--auth=trust", "-E", "UTF8",
                      "--no-sync", "--no-instructions")
        if r.returncode:
            raise RuntimeError(f"initdb failed: {r.stdout[-500:]} {r.stderr[-1000:]}")
        options = f"-k {self.socket} -c listen_addresses='' -c fsync=off -c full_page_writes=off"
        r = self._run(self.bindir / "pg_ctl", "-D", self.data, "-o", options, "-l", self.log, "-w", "-t", "60",
                      "start")
        if r.returncode:
            log = self.log.read_text(errors="replace")[-1500:] if self.log.exists() else ""
            raise RuntimeError(f"pg_ctl start failed: {r.stdout[-500:]} {r.stderr[-500:]} {log}")
        return self

    def url(self, schema: str | None = None) -> str:
        """The SQLAlchemy URL of the cluster's database (psycopg 3 over the Unix socket), in `schema` if given."""
        base = f"postgresql+psycopg://{self.user}@/postgres?host={self.socket}"
        return base if schema is None else f"{base}&options=-csearch_path%3D{schema}"

    def new_database(self) -> str:
        """A fresh, empty store: a new schema of the cluster's database (lighter than a database each); its URL."""
        import psycopg

        self.count += 1
        name = f"store_test_{self.count}"
        with psycopg.connect(host=str(self.socket), user=self.user, dbname="postgres", autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{name}"')  # a name made here, not input
        return self.url(name)

    def stop(self) -> None:
        """Stop the server at once and delete its folder."""
        try:
            self._run(self.bindir / "pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
