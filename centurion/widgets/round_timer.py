"""RoundTimer: the per-round countdown of a Centuria battle (CTA-1), ticked by the browser once a second."""

from __future__ import annotations

import ipywidgets as w

from .safety import guarded

#: the shortest and the longest round the countdown takes, in seconds
SHORTEST, LONGEST = 10, 3600


class RoundTimer(w.VBox):
    """A per-round countdown (CTA-1): the browser ticks a Play widget once a second; off when no limit is set."""

    def __init__(self, seconds: int | None) -> None:
        self.seconds = seconds
        self.enabled = w.Checkbox(seconds is not None, description="Time limit per round", indent=False)
        # not a BoundedIntText: its browser side moves 5 to 10 without a word; here the kernel sees 5 and says why
        self.length = w.IntText(min(max(seconds or 120, SHORTEST), LONGEST), description="Seconds",
                                layout=w.Layout(width="170px"))
        self.play = w.Play(value=0, min=0, max=self.length.value, interval=1000, show_repeat=False)
        self.display = w.HTML()
        self._note = ""  # why the countdown changed the time typed, until the next one it takes
        self.enabled.observe(self._changed, names="value")
        self.length.observe(self._bounded, names="value")  # first: the others see the time it keeps
        self.length.observe(self._changed, names="value")
        self.play.observe(self._tick, names="value")
        self.on_time_up: list = []  # called once when the countdown reaches 0 (the table ends the round, CTA-1)
        self._up = False
        super().__init__([w.HBox([self.enabled, self.length, self.play]), self.display])
        self.add_class("centurion-timer")
        self._changed(None)

    @property
    def remaining(self) -> int:
        """Seconds left this round."""
        return max(0, self.length.value - self.play.value)

    @property
    def time_is_up(self) -> bool:
        """Whether the countdown is on and has run out (CTA-1)."""
        return bool(self.enabled.value) and self.remaining == 0

    @guarded("display")
    def _bounded(self, change: dict) -> None:
        typed = change["new"]
        kept = min(max(typed, SHORTEST), LONGEST)
        if kept == typed:
            self._note = ""
            return
        self.length.value = kept  # observed again with `kept`, which clears the note; it is written after
        limit = f"at least {SHORTEST}" if typed < kept else f"at most {LONGEST}"
        self._note = (f"{typed} s is too {'short' if typed < kept else 'long'}: a round's countdown runs {limit} "
                      f"seconds, so it is set to {kept}")

    @guarded("display")
    def _changed(self, _change: dict | None) -> None:
        self.play.max = self.length.value
        self.play.disabled = not self.enabled.value
        self.play.playing = bool(self.enabled.value)  # the browser ticks it once a second
        self.render()

    @guarded("display")
    def _tick(self, _change: dict) -> None:
        self.render()
        if self.time_is_up and not self._up:
            self._up = True
            for fn in list(self.on_time_up):
                fn()

    def restart(self) -> None:
        """A new round: the countdown starts again from the full time."""
        self._up = False
        self.play.value = 0
        self.play.playing = bool(self.enabled.value)
        self.render()

    def render(self) -> None:
        """Show the time left, or that no limit is set, and why a time typed was changed."""
        note = (f" <span class='centurion-clock-note' style='font-size:0.75em'>({self._note})</span>"
                if self._note else "")
        if not self.enabled.value:
            self.display.value = ("<div class='centurion-clock'>No time limit: the countdown is off (CTA-1: a "
                                  f"scenario may set a limit a round; tick the box to play against the clock)."
                                  f"{note}</div>")
            return
        left = self.remaining
        up = " — <b>time is up</b>: the round ends (CTA-1)." if left == 0 else ""
        self.display.value = (f"<div class='centurion-clock' style='font-size:1.3em'>Round clock: "
                              f"{left // 60}:{left % 60:02d} left this round{up}{note}</div>")


__all__ = ["RoundTimer"]
