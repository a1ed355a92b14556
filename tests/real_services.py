"""Real parts for the tests, started by the tests: a PostgreSQL server (Debian's ``postgresql``, run with
``initdb`` and ``pg_ctl`` on a free loopback port in a temporary directory), a redis-server, and
``phom serve`` worker processes. No mocks.

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
import time

import pytest


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_ready(base: str, seconds: float = 30.0) -> None:
    """Until ``phom serve`` at ``base`` answers /readyz with 200 (AssertionError after ``seconds``)."""
    import urllib.request

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(base + "/readyz", timeout=1) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"phom serve at {base} did not come up within {seconds:g} s")


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


def redis_server_path() -> str:
    """Debian's redis-server; the test fails on CI and skips elsewhere without it."""
    found = shutil.which("redis-server")
    if found is None:
        message = "Debian's redis-server is needed for these tests: apt-get install redis-server (.ci/run does)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return found


class RedisServer:
    """A throwaway redis-server on a free loopback port, nothing saved; ``restart()`` kills it and
    starts it again on the same port (what a crash and a supervisor would do)."""

    def __init__(self) -> None:
        self.program = redis_server_path()
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        self.process = subprocess.Popen([self.program, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                         "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def restart(self) -> None:
        self.stop()
        self.start()

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


class Worker:
    """One ``phom serve`` process on a free port over a shared store and broker (None: a process of its
    own over an SQLite file), with ``extra`` options; ``kill()`` is SIGKILL, ``terminate()`` SIGTERM."""

    def __init__(self, store: str, broker: str | None, *extra: str, wait: bool = True) -> None:
        self.store, self.broker, self.extra = store, broker, extra
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.start(wait)

    def start(self, wait: bool = True) -> None:
        import sys

        broker = [] if self.broker is None else ["--broker", self.broker]
        self.process = subprocess.Popen([sys.executable, "-m", "phom", "serve", "--host", "127.0.0.1", "--port",
                                         str(self.port), "--store", self.store, *broker, *self.extra],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if wait:
            self.wait_ready()

    def wait_up(self, seconds: float = 30.0) -> None:
        """Until the worker answers /healthz (it may serve while its broker is away: /readyz says so)."""
        import urllib.request

        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=1) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"phom serve at {self.url} did not answer within {seconds:g} s")

    def terminate(self, seconds: float = 30.0) -> float:
        """SIGTERM; how many seconds the process took to end (it is killed past ``seconds``)."""
        assert self.process is not None
        began = time.monotonic()
        self.process.terminate()
        try:
            self.process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None
        return time.monotonic() - began

    def wait_ready(self) -> None:
        """Until the worker answers /readyz (RuntimeError if it never does)."""
        import urllib.request

        assert self.process is not None
        end = time.monotonic() + 90                        # a start on a busy machine (imports, store, broker)
        while time.monotonic() < end and self.process.poll() is None:
            try:
                with urllib.request.urlopen(self.url + "/readyz", timeout=1) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("phom serve did not start: " + (self.process.stderr.read(2000).decode()
                                                           if self.process.poll() is not None and self.process.stderr
                                                           else "no answer"))

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


class CuttingProxy:
    """A small TCP proxy on a free loopback port to ``port``; ``cut()`` drops every connection through
    it at once (what a flaky network or a failing load balancer does)."""

    def __init__(self, port: int) -> None:
        import threading

        self.target = port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.listener.getsockname()[1])
        self.open: set[socket.socket] = set()
        self.lock = threading.Lock()
        self.cuts = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        import threading

        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target))
            except OSError:
                client.close()
                continue
            with self.lock:
                self.open |= {client, upstream}
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(source, sink), daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                try:
                    end.close()
                except OSError:
                    pass
            with self.lock:
                self.open -= {source, sink}

    def cut(self) -> None:
        with self.lock:
            ends, self.open = list(self.open), set()
            self.cuts += 1
        for end in ends:
            try:
                end.shutdown(socket.SHUT_RDWR)
                end.close()
            except OSError:
                pass

    def close(self) -> None:
        self.listener.close()
        self.cut()
