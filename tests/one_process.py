"""Many runs of the ``onenight`` command answered by one process: the command's entry point
(``onenight.cli.main``, what ``python -m onenight ...`` runs) called once per run, each with
its own standard output, standard error and exit status. A case-per-file conformance
folder then costs one interpreter start, not one per case (about 0.25 s of CPU each).

A suite that uses it also runs a case or two through the command alone and checks that
both answer alike (tests/adjudicate/test_cases.py, tests/classic/test_replay_cli.py)."""

from __future__ import annotations

import json
import subprocess
import sys

#: run in the process: ``main(argv)`` for each argv read on standard input; a crash (a
#: traceback, exit 1) is kept as that run's answer
_RUNS = """
import contextlib, io, json, sys, traceback
from onenight.cli import main
answers = []
for argv in json.load(sys.stdin):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        except BaseException:
            traceback.print_exc()
            code = 1
    answers.append([code, out.getvalue(), err.getvalue()])
json.dump(answers, sys.stdout)
"""


def run_each(argvs: list[list[str]], timeout: float = 600) -> list[subprocess.CompletedProcess]:
    """``onenight ARGV`` for each of ``argvs``, all in one process: what each run printed
    and how it exited, as :func:`subprocess.run` gives them for a process of its own."""
    proc = subprocess.run([sys.executable, "-c", _RUNS], input=json.dumps(argvs),
                          capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stderr
    return [subprocess.CompletedProcess(["onenight", *argv], code, out, err)
            for argv, (code, out, err) in zip(argvs, json.loads(proc.stdout))]
