"""What the Python tests share: counting checks, reporting the failed ones."""


class Checks:
    def __init__(self):
        self.cases = self.failures = 0

    def __call__(self, ok, what):
        """Counts one check; prints what failed. Returns ok."""
        self.cases += 1
        if not ok:
            self.failures += 1
            print("FAIL " + what)
        return ok

    def summary(self):
        """The count line; the exit status: 1 when any check failed."""
        print("%d cases, %d failed" % (self.cases, self.failures))
        return 1 if self.failures else 0
