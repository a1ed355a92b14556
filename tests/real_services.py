"""Real parts for the tests, started by the tests: a PostgreSQL server (Debian's ``postgresql``, run with
``initdb`` and ``pg_ctl`` on a free loopback port in a temporary directory). No mocks.

CI installs the package (.ci/run); elsewhere a missing server skips the tests that need it. PostgreSQL
refuses to run as root, so as root the server runs as the ``postgres`` user the package creates."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile

import pytest


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def postgres_bin() -> str:
    """The directory of Debian's PostgreSQL programs; the test fails on CI and skips elsewhere without it."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    if not found:
        message = "Debian's postgresql is needed for these tests: apt-get install postgresql (.ci/run does)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return os.path.dirname(found[-1])


class PostgresServer:
    """A throwaway PostgreSQL server: ``url`` of its ``phom`` database; ``restart(mode)`` as
    ``pg_ctl restart -m MODE`` does (``immediate``: no clean shutdown, a crash for the server)."""

    def __init__(self) -> None:
        self.bin = postgres_bin()
        self.dir = tempfile.mkdtemp(prefix="phom-pg-")
        self.data = os.path.join(self.dir, "data")
        self.port = free_port()
        self.user = None
        if os.geteuid() == 0:
            self.user = "postgres"
            owner = pwd.getpwnam(self.user)
            os.chown(self.dir, owner.pw_uid, owner.pw_gid)
        self._run("initdb", "-D", self.data, "-U", "phom", "-A", "trust", "--no-sync", "-E", "UTF8")
        self.start()
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "phom", "phom")
        self.url = f"postgresql://phom@127.0.0.1:{self.port}/phom"

    def _run(self, program: str, *args: str) -> None:
        command = [os.path.join(self.bin, program), *args]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=self.dir)

    def _options(self) -> str:
        return f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=on -c synchronous_commit=on"

    def start(self) -> None:
        self._run("pg_ctl", "-D", self.data, "-o", self._options(), "-l", os.path.join(self.dir, "log"), "-w",
                  "start")

    def restart(self, mode: str = "immediate") -> None:
        self._run("pg_ctl", "-D", self.data, "-o", self._options(), "-m", mode, "-w", "restart")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)
