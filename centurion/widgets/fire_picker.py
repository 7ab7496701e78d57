"""The Skirmish page's fire declaration pickers: which weapons that bear fire, the Gauss shell, and a second target
for the missiles (book-a §8.2-8.3, E17: every direct-fire weapon at one target, missiles at that one or one other).

A view over the game: the weapons offered are the game's `attack_set`, the second targets those at which one of
the firer's missiles bears by the game's `weapon_bearings`, and the declaration built is checked by the game's
`chosen_plan` (its refusal is shown in the preview). Walk 34: a Viper's Gauss could fire at a squad and its SMLM at
a tank, and the page offered no way to declare both.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import ipywidgets as w

from ..game import Fire, Skirmish
from ..rules import Refusal
from ..rules.damage import template_shape
from ..rules.targets import FirePlan, weapon_family
from .fire_note import FireNote
from .reference import link_rules

NO_SECOND = "none: every weapon at the first target"


def second_targets(g: Skirmish, a: Fire) -> list[tuple[str, tuple[int, ...]]]:
    """The enemies other than `a.target` at which missiles of `a.unit` bear, each with those missiles' indices
    (book-a §8.3, E17); the game's `weapon_bearings` decides."""
    v = g.vehicle(a.unit)
    weapons = v.sheet.vehicle.weapons
    out = []
    for key in g.combat_units():
        if key == a.target or not g.is_legal(replace(a, target=key)):
            continue
        missiles = tuple(b.weapon for b in g.weapon_bearings(a.unit, key)
                         if b.refusal is None and weapon_family(weapons[b.weapon]) == "missile")
        if missiles:
            out.append((key, missiles))
    return out


def shell_words(gun: str, target_kind: str, shells: list[str]) -> str:
    """What the Gauss shells offered do (book-a 8.3, 12.1, 16.6): at a squad none changes anything (the casualties
    roll reads the cannon's size); at a vehicle or a building each has its damage template, and none changes the
    odds (a Gauss round ignores shields)."""
    if target_kind == "infantry":
        return ("At infantry every shell is rolled the same way: the cannon's size gives its row of the Infantry "
                "Damage Table (book-a 16.6); the shell picked changes nothing here. [CEN-CMB-1]")
    shapes = ", ".join(f"{sh} {'-'.join(str(n) for n in template_shape(gun, sh))}" for sh in shells)
    return (f"Gauss shells: the same odds (a Gauss round ignores shields), a different damage template. Boxes each "
            f"row destroys, from the row struck inward: {shapes} (book-a 8.3, 12.1). [CEN-CMB-1]")


class FirePicker(w.VBox):
    """Weapons, Gauss shell and missiles' second target for a vehicle's fire at a target (book-a §8.2-8.3)."""

    def __init__(self, on_change: Callable[[dict], None]) -> None:
        self.weapons = w.SelectMultiple(options=[], rows=4, description="Weapons", style={"description_width": "60px"},
                                        layout=w.Layout(display="none", width="270px"))
        self.shell = w.Dropdown(options=["HEAP"], value="HEAP", description="Gauss shell",
                                style={"description_width": "80px"}, layout=w.Layout(display="none", width="220px"))
        self.second = w.Dropdown(options=[(NO_SECOND, None)], value=None, description="Missiles at",
                                 style={"description_width": "80px"}, layout=w.Layout(display="none", width="270px"))
        self.shell_note = w.HTML(layout=w.Layout(display="none"))  # what the shells do (walk 34: unexplained)
        self.shell_note.add_class("centurion-shell-note")
        self.note = FireNote()  # the weapons that do not bear, and why (walk 11)
        self.weapons.add_class("centurion-fire-weapons")
        self.shell.add_class("centurion-fire-shell")
        self.second.add_class("centurion-fire-second")
        self.for_action: Fire | None = None  # the listed Fire the pickers were set for
        self.default: tuple[tuple[int, ...], int | None, str | None] = ((), None, None)
        self._missiles: dict[str, tuple[int, ...]] = {}
        self._noted: tuple[Skirmish, FirePlan] | None = None  # the game and plan of `for_action`, for the note
        self._on_change = on_change
        self.second.observe(self._renote, names="value")
        self._observe(True)
        super().__init__([self.weapons, self.shell, self.shell_note, self.second, self.note])

    def _observe(self, on: bool) -> None:
        for box in (self.weapons, self.shell, self.second):
            (box.observe if on else box.unobserve)(self._on_change, names="value")

    def hide(self) -> None:
        """Hide every picker (no vehicle's fire at a target is picked)."""
        self.for_action = None
        self._noted = None
        self.weapons.layout.display = self.shell.layout.display = self.second.layout.display = "none"
        self.shell_note.layout.display = "none"
        self.note.hide()

    def show_for(self, g: Skirmish, a: Fire, plan: FirePlan) -> None:
        """Set the pickers for `a`: every weapon of `plan` picked, HEAP (AP at infantry), no second target."""
        if a == self.for_action:
            return
        self._observe(False)
        self._noted = None
        try:
            weapons = tuple(ra.attack.weapon for ra in plan.attacks)
            gauss = next((ra.attack.weapon for ra in plan.attacks if ra.family == "gauss"), None)
            shell = next((ra.attack.shell for ra in plan.attacks if ra.family == "gauss"), None)
            with self.weapons.hold_sync():  # the labels and the picks in one message: sent apart, the browser
                # marked the old picks on the new, shorter list ("Cannot set properties of undefined", walk 33b)
                self.weapons.options = [(f"{ra.attack.weapon + 1}: {ra.weapon.type}", ra.attack.weapon)
                                        for ra in plan.attacks]
                self.weapons.value = weapons
            self.weapons.layout.display = None
            if gauss is not None:  # only the shells the rules allow for this gun at this target (book-a §8.3)
                ok = [sh for sh in ("HEAP", "APDS", "Hammerhead", "AP")
                      if not isinstance(g.chosen_plan(replace(a, weapons=(gauss,), shells=((gauss, sh),))), Refusal)]
                self.shell.options = ok or [shell]
                self.shell.value = shell
                self.shell.layout.display = None
                ra = next(ra for ra in plan.attacks if ra.family == "gauss")
                words = html.escape(shell_words(ra.weapon.type, ra.target.kind, ok or [shell]))
                self.shell_note.value = link_rules(f"<div style='font-size:12px;color:#777'>{words}</div>")
                self.shell_note.layout.display = None
            else:
                self.shell.layout.display = self.shell_note.layout.display = "none"
            self._missiles = dict(second_targets(g, a))
            with self.second.hold_sync():
                self.second.options = [(NO_SECOND, None)] + [(f"{k} (missiles {', '.join(str(i + 1) for i in m)})",
                                                              k) for k, m in self._missiles.items()]
                self.second.value = None
            self.second.layout.display = None if self._missiles else "none"
            self.default = (weapons, gauss, shell)
            self.for_action = a
            self._noted = (g, plan)
            self.note.show_for(g, a.unit, a.target, plan)
        finally:
            self._observe(True)

    def _renote(self, _change: dict) -> None:
        """Redraw the note when the missiles' second target changes: the missiles sent there are said to fire at
        it, not left out at the first target (walk 34's leftover; book-a §8.3, E17)."""
        a = self.for_action
        if self._noted is None or a is None:
            return
        g, plan = self._noted
        second = self.second.value
        elsewhere = {i: second for i in self._missiles.get(second, ())} if second is not None else {}
        self.note.show_for(g, a.unit, a.target, plan, elsewhere)

    def chosen(self, a: Any) -> Any:
        """`a` with the weapons, shell and second target picked, when the pickers are set for it (book-a §8)."""
        if not (isinstance(a, Fire) and a.target and a == self.for_action):
            return a
        weapons, gauss, shell = self.default
        picked = tuple(sorted(self.weapons.value))
        shells = ((gauss, self.shell.value),) if gauss in picked and self.shell.value != shell else ()
        second = self.second.value
        if second is None or second not in self._missiles:
            return replace(a, weapons=None if picked == weapons else picked, shells=shells)
        missiles = self._missiles[second]
        first = tuple(i for i in picked if i not in missiles)
        return replace(a, weapons=first, shells=shells, second=second, second_weapons=missiles)


__all__ = ["FirePicker", "NO_SECOND", "second_targets", "shell_words"]
