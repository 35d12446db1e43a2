"""What the trnlite CLI tests in Python share: counting checks and the
RESULT line, and the round of bad inputs (exit status, message words)."""
import os
import subprocess

# The tool under test; make coverage-c sets TRNLITE_BIN to its --coverage build.
BIN = os.environ.get("TRNLITE_BIN") or "build/bin/trnlite"


class Checks:
    def __init__(self, name):
        self.name, self.runs, self.failed = name, 0, 0

    def check(self, ok, what, detail=""):
        self.runs += 1
        print(f"ok   {what}" if ok else f"FAIL {what} {detail}")
        self.failed += 0 if ok else 1

    def bad_inputs(self, cmd, cases, out=None):
        """cases: (argv, exit status, words stderr must hold); with out,
        the file must not exist afterwards (no half-written output)."""
        for args, code, words in cases:
            if out and os.path.exists(out):
                os.remove(out)
            p = subprocess.run([BIN, cmd] + args, capture_output=True, text=True)
            self.check(p.returncode == code and words in p.stderr and not (out and os.path.exists(out)),
                       f"{cmd}: bad input {' '.join(args[-2:])}: exit {code}, says '{words}'"
                       + (", no output" if out else ""), f"(exit {p.returncode}: {p.stderr.strip()})")
        p = subprocess.run([BIN, cmd, "--help"], capture_output=True, text=True)
        self.check(p.returncode == 0 and "usage" in p.stdout, f"{cmd} --help")

    def result(self):
        print(f"RESULT {self.name} {self.runs} {self.failed}")
        return 1 if self.failed else 0
