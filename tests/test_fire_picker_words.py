"""The Skirmish page's Gauss shell picker says what the shells do (walk 34: 'the Gauss shell choice has no
explanation'): at a vehicle each shell offered with its damage template read from data/templates.yaml (book-a 8.3,
12.1); at a squad that the shell changes nothing (book-a 16.6: the casualties row goes by the cannon's size)."""

from __future__ import annotations

from pathlib import Path

import yaml

from centurion.game import Fire, bot_action
from centurion.widgets.skirmish import SkirmishTable

TEMPLATES = yaml.safe_load((Path(__file__).parents[1] / "data" / "templates.yaml").read_text())["templates"]


def _gauss_fire(scenario: str, seed: int, kind: str):
    """A table whose listed decision is a vehicle's Gauss fire at a target of `kind`, and that decision."""
    t = SkirmishTable(scenario, seed=seed, players={"renegade": "person", "tog": "person"})
    for _ in range(400):
        g = t.game
        if g.over:
            break
        if g.phase == "fire":
            for a in g.legal_actions():
                if isinstance(a, Fire) and a.target and not a.chosen and any(v.key == a.unit for v in g.vehicles):
                    plan = g.attack_set(g.vehicle(a.unit), a.target)
                    if plan and any(ra.family == "gauss" and ra.target.kind == kind for ra in plan.attacks):
                        t.click(g.vehicle(a.unit).hex)
                        t.choice.value = next(i for i, x in enumerate(t._choices) if x == a)
                        return t, plan
        assert t._take(bot_action(g, "veteran"), "person")
        t._refresh()
    raise AssertionError(f"no Gauss fire at a {kind} in {scenario} seed {seed}")


def test_the_shell_note_gives_each_shells_template_at_a_vehicle():
    t, plan = _gauss_fire("meeting", 1, "vehicle")
    gun = next(ra.weapon.type for ra in plan.attacks if ra.family == "gauss")
    calibre = gun.split("mm")[0]
    note = t.fire_picker.shell_note
    assert note.layout.display is None
    for shell in t.fire_picker.shell.options:
        rows = TEMPLATES[f"{shell} {calibre}"]
        assert f"{shell} {'-'.join(str(n) for n in rows)}" in note.value, (shell, rows, note.value)
    assert "same odds" in note.value


def test_the_shell_note_says_the_shell_changes_nothing_at_infantry():
    t, _plan = _gauss_fire("village", 1, "infantry")
    note = t.fire_picker.shell_note
    assert note.layout.display is None and "changes nothing" in note.value
    t.fire_picker.hide()
    assert note.layout.display == "none"
