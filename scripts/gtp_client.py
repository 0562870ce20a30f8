"""The GTP client of scripts/match.py: a program on pipes with a timeout on
every command, restartable, and its errors.

Python 3 standard library only.
"""

import datetime
import os
import re
import selectors
import shlex
import signal
import subprocess
import time

ALL_PROCS = []  # every GtpProcess ever started, killed at exit


class GtpError(Exception):
    """Base: the program did not give a usable answer."""
    kind = "crash"


class GtpDead(GtpError):
    """EOF on stdout, broken pipe or the process exited."""
    kind = "crash"


class GtpTimeout(GtpError):
    """No complete answer within the timeout."""
    kind = "timeout"


class GtpProcess:
    """One GTP program on pipes.  stderr goes straight to a file (never a
    pipe, so it can never fill up); stdout is read through a selector with a
    deadline per command."""

    def __init__(self, role, argv, stderr_path, gtp_log):
        self.role = role
        self.argv = list(argv)
        self.gtp_log = gtp_log
        self.stray_lines = 0
        self.buf = b""
        self.broken = False
        self.stderr_file = open(stderr_path, "ab")
        self.stderr_file.write(("=== %s start %s: %s\n" % (
            role, datetime.datetime.now().isoformat(timespec="seconds"),
            shlex.join(self.argv))).encode())
        self.stderr_file.flush()
        try:
            self.proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=self.stderr_file, start_new_session=True, bufsize=0)
        except OSError as e:
            self.stderr_file.close()
            raise GtpDead("cannot start %s: %s" % (shlex.join(self.argv), e))
        ALL_PROCS.append(self)
        self.sel = selectors.DefaultSelector()
        self.sel.register(self.proc.stdout, selectors.EVENT_READ)

    def alive(self):
        return not self.broken and self.proc.poll() is None

    def log(self, direction, text):
        if self.gtp_log:
            for line in text.splitlines() or [""]:
                self.gtp_log.write("%s %s %s\n" % (self.role, direction, line))

    def _readline(self, deadline):
        """One line without its newline (and without \\r).  Raises on EOF or
        when the deadline passes."""
        while True:
            nl = self.buf.find(b"\n")
            if nl >= 0:
                line = self.buf[:nl]
                self.buf = self.buf[nl + 1:]
                return line.decode("utf-8", "replace").replace("\r", "")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise GtpTimeout("no answer within the timeout")
            if not self.sel.select(timeout=remaining):
                continue
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            if not chunk:
                code = self.proc.poll()
                if code is None:
                    try:
                        code = self.proc.wait(timeout=1)
                    except subprocess.TimeoutExpired:
                        code = "still running"
                raise GtpDead("terminated unexpectedly (EOF on stdout, "
                              "exit status %s)" % code)
            self.buf += chunk

    def command(self, cmd, timeout):
        """Send one command; return (ok, text).  Raises GtpDead/GtpTimeout,
        after which the process is killed and must be restarted."""
        if self.broken:
            raise GtpDead("process already failed")
        self.log(">", cmd)
        try:
            self.proc.stdin.write((cmd + "\n").encode())
            self.proc.stdin.flush()
            deadline = time.monotonic() + timeout
            line = self._readline(deadline)
            while not line or line[0] not in "=?":
                self.stray_lines += 1
                self.log("<stray", line)
                line = self._readline(deadline)
            lines = [line]
            while True:
                line = self._readline(deadline)
                if line == "":
                    break
                lines.append(line)
        except OSError as e:  # BrokenPipeError and friends
            self.kill()
            raise GtpDead("terminated unexpectedly (%s)" % e)
        except GtpError as e:
            self.log("<!", str(e))
            self.kill()
            raise
        text = "\n".join(lines)
        self.log("<", text)
        ok = text[0] == "="
        body = text[1:]
        m = re.match(r"\d+", body)  # an id (we never send one)
        if m:
            body = body[m.end():]
        return ok, body.strip()

    def quit(self, timeout=3.0):
        if self.alive():
            try:
                self.command("quit", timeout)
            except GtpError:
                pass
            try:
                self.proc.stdin.close()
            except OSError:
                pass
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                pass
        self.kill()

    def kill(self):
        self.broken = True
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                try:
                    self.proc.kill()
                except OSError:
                    pass
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
        try:
            self.sel.close()
        except Exception:
            pass
        for f in (self.proc.stdin, self.proc.stdout, self.stderr_file):
            try:
                f.close()
            except Exception:
                pass


def kill_all():
    for p in ALL_PROCS:
        try:
            p.kill()
        except Exception:
            pass


# --------------------------------------------------------------------------
# A program in the match (engine, opponent, referee, checker): restartable
# --------------------------------------------------------------------------

class Program:
    def __init__(self, role, argv, outdir, gtp_log, timeout):
        self.role = role            # engine / opponent / referee / checker
        self.argv = argv
        self.stderr_path = outdir / ("%s.stderr" % role)
        self.stderr_path.write_bytes(b"")
        self.gtp_log = gtp_log
        self.timeout = timeout
        self.gtp = None
        self.cur_argv = None
        self.name = role
        self.version = ""
        self.commands = set()
        self.label = role
        self.starts = 0

    def ensure(self, argv=None):
        """Start (or restart) the process if needed; returns True when a new
        process was started."""
        argv = list(argv or self.argv)
        if self.gtp and self.gtp.alive() and self.cur_argv == argv:
            return False
        if self.gtp:
            self.gtp.quit()
        self.gtp = GtpProcess(self.role, argv, self.stderr_path, self.gtp_log)
        self.cur_argv = argv
        self.starts += 1
        self.cmd("protocol_version")
        ok, name = self.cmd("name")
        if ok and name:
            self.name = name.splitlines()[0].strip()
        ok, version = self.cmd("version")
        self.version = version.splitlines()[0].strip() if ok and version else ""
        ok, cmds = self.cmd("list_commands")
        self.commands = set(cmds.split()) if ok else set()
        if self.role in ("referee", "checker"):
            self.label = "%s:%s" % (self.name, self.role)
        return True

    def cmd(self, command, timeout=None):
        """Returns (ok, text).  GtpError propagates (the process is dead)."""
        return self.gtp.command(command, timeout or self.timeout)

    def stray(self):
        return self.gtp.stray_lines if self.gtp else 0

    def quit(self):
        if self.gtp:
            self.gtp.quit()



def peak_rss_kb(prog):
    """VmHWM (peak resident set, kB) of a running program, or None."""
    gtp = prog.gtp if prog else None
    if not gtp or gtp.proc.poll() is not None:
        return None
    try:
        with open("/proc/%d/status" % gtp.proc.pid) as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return None


def refusal(prog, text):
    """A GtpError for a `?` answer at set-up, naming the program that
    gave it (`.prog`)."""
    e = GtpError(text)
    e.kind = "bad_answer"
    e.prog = prog
    return e
