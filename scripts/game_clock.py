"""The clock scripts/match.py keeps for each colour under a time control.

Python 3 standard library only.
"""


class Clock:
    """Canadian byo-yomi: main seconds, then `stones` moves in `period`
    seconds, repeated.  period > 0 and stones == 0 means no limit (GTP)."""

    def __init__(self, main, period, stones, grace):
        self.unlimited = period > 0 and stones == 0
        self.main = float(main)
        self.period_len = float(period)
        self.stones_len = stones
        self.grace = grace
        self.in_byoyomi = main <= 0 and period > 0
        self.period = float(period)
        self.stones = stones

    def time_left_args(self):
        if self.in_byoyomi:
            return max(0, int(self.period)), self.stones
        return max(0, int(self.main)), 0

    def spend(self, t):
        """Charge t seconds for one move; returns an error text on overrun."""
        if self.unlimited:
            return None
        if not self.in_byoyomi:
            if t <= self.main:
                self.main -= t
                return None
            over = t - self.main
            self.main = 0.0
            if self.period_len <= 0 or self.stones_len <= 0:
                if over > self.grace:
                    return "main time exceeded by %.2fs (no byo-yomi)" % over
                return None
            self.in_byoyomi = True
            self.period = self.period_len
            self.stones = self.stones_len
            t = over
        self.period -= t
        self.stones -= 1
        if self.period < -self.grace:
            return ("byo-yomi period exceeded by %.2fs (%d s for %d stones)"
                    % (-self.period, self.period_len, self.stones_len))
        if self.stones <= 0:
            self.period = self.period_len
            self.stones = self.stones_len
        return None
