"""Mutation testing of the rules, one module at a time, with mutmut 3 (issue 22, docs/mutation.md).

    python tools/mutation.py rules/speed rules/grav     # named modules
    python tools/mutation.py --all                      # every module of MODULES
    python tools/mutation.py --list                     # the modules and their test files

For each module the script copies the repository into a scratch directory (the work tree's
pyproject.toml is never edited), appends a `[tool.mutmut]` section that mutates only that module and
runs only the test files that exercise it (TESTS below), runs `mutmut run`, and reads the result files
that mutmut writes (mutants/<module>.py.meta). It prints a table (module, mutants, killed, survived,
timeouts, other, score %), writes it to docs/mutation-scores.md (or --out), and lists the surviving
mutants per module; their diffs go to <workdir>/<module>/survivors.diff (`cd` there and
`mutmut show NAME` for one). Slow (about one mutant a second): not part of CI. Uses no network.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MOVE = ["tests/test_movement_examples.py", "tests/test_movement_corrections.py", "tests/test_movement_properties.py"]
CENTURIA = ["tests/test_centuria.py", "tests/test_centuria_corrections.py", "tests/test_audit_centuria.py"]

# module (under centurion/) -> the test files that exercise it. Wider lists (test_audit_combat.py,
# test_audit_geometry.py, test_variants_fire_engine.py for targets, resolution and infantry_fire) kill more mutants
# but make a run several times slower (their skirmish tests take seconds a mutant). mutmut runs, for each mutant,
# the tests of these files that call the mutated function, so the files are chosen to be fast: bot games, skirmish
# pages, browser and notebook tests are left out, and a module's run takes minutes, not hours. Test files named
# tests/test_mutation_<module>*.py are added automatically (e.g. tests/test_mutation_rules_grav.py for rules/grav).
TESTS: dict[str, list[str]] = {
    "rules/speed": MOVE,
    # grav: test_movement_properties.py (hypothesis, 30 s a run) and test_audit_validation.py (10 s for its grav test)
    # made the 851 slowest mutants too slow to run; the legal-moves oracle tests check resolve_grav_move instead
    "rules/grav": ["tests/test_movement_examples.py", "tests/test_movement_corrections.py",
                   "tests/test_mutation_rules_legal.py"],
    "rules/fire": ["tests/test_to_hit.py", "tests/test_audit_validation.py"],
    "rules/targets": ["tests/test_to_hit.py", "tests/test_fire_resolution.py", "tests/test_infantry_combat.py",
                      "tests/test_audit_validation.py"],
    "rules/damage": ["tests/test_damage.py", "tests/test_game_move_damage.py", "tests/test_audit_validation.py"],
    "rules/internals": ["tests/test_damage.py", "tests/test_game_move_damage.py", "tests/test_audit_validation.py"],
    "rules/resolution": ["tests/test_fire_resolution.py", "tests/test_to_hit.py", "tests/test_damage.py",
                         "tests/test_audit_validation.py"],
    # legal and reach: the oracle file tests/test_legal_moves_oracle.py takes 30 s a run (its hill and shared-column
    # tests 20 s); tests/test_mutation_rules_legal.py runs the same oracle on maps of a few hexes in a few seconds
    "rules/legal": ["tests/test_movement_examples.py"],
    "rules/reach": ["tests/test_movement_examples.py", "tests/test_mutation_rules_legal.py"],
    # test_audit_geometry.py dropped for sight: its random-map tests take seconds a mutant; the same checks on a small
    # map are in tests/test_mutation_rules_sight.py
    "rules/sight": ["tests/test_sight.py", "tests/test_to_hit.py"],
    "rules/infantry_fire": ["tests/test_infantry_combat.py", "tests/test_audit_validation.py"],
    # game/save: its own fast tests/test_mutation_game_save.py only (test_game.py plays bot games, 30 s a run; the
    # upload tests of test_hostile_files.py never call it)
    "game/save": [],
    # the careful levels' harm of a shot (issue 25): its own tests and the fire-share test (a few seconds together)
    "game/bot_harm": ["tests/test_bot_harm.py", "tests/test_bot_fire_share.py"],
    # the careful levels' move terms (issue 25): the bot tests that weigh them on constructed positions (10 s a run)
    "game/bot_move": ["tests/test_bot_risk.py", "tests/test_bot_quality.py", "tests/test_bot_cover.py",
                      "tests/test_bot_trap.py", "tests/test_bot_reach.py", "tests/test_bot_reach_terms.py",
                      "tests/test_bot_move_terms.py"],
    # the careful levels' fire and paint estimates, and the liked range (issue 25; session 38)
    "game/bot_fire": ["tests/test_bot_fire_estimate.py", "tests/test_bot_paint_comm.py", "tests/test_bot_fire_share.py",
                      "tests/test_bot_quality.py", "tests/test_bot_cover.py"],
    "game/bot_range": ["tests/test_bot_range.py", "tests/test_bot_quality.py"],
    # the elite's playouts (issue 25; session 38)
    "game/bot_search": ["tests/test_bot_search.py", "tests/test_bot_levels.py", "tests/test_bot_reasons_audit35.py"],
    # the computer's reasons and its Why? table (issue 25, item 4; session 39): the reason tests, not the walks' games
    "game/bot_reasons": ["tests/test_bot_reasons.py", "tests/test_bot_reasons_audit35.py",
                         "tests/test_store_reasons.py", "tests/test_bot_reasons_tables.py"],
    # the computer's decisions by phase (issue 25; session 40): the bot tests on constructed positions and short
    # games, not the ladder's or the walks' games (about 30 s for all of them)
    "game/bot": ["tests/test_bot_quality.py", "tests/test_bot_cover.py", "tests/test_bot_trap.py",
                 "tests/test_bot_paint_comm.py", "tests/test_bot_fire_share.py", "tests/test_bot_levels.py",
                 "tests/test_bot_balance.py", "tests/test_bot_reach.py", "tests/test_bot_move_terms.py",
                 "tests/test_bot_fire_estimate.py", "tests/test_bot_range.py", "tests/test_bot_novice.py",
                 "tests/test_bot_opportunity.py", "tests/test_bot_smoke.py", "tests/test_bot_paint_together.py",
                 "tests/test_bot_fire_choice.py", "tests/test_bot_squad_step.py",
                 # session 41: the budget's injected clock, bot_action's argument checks, the variants' hooks
                 # (VAR-RAM, VAR-INIT's order, VAR-LATERAL/-EMERGENCY ends, VAR-SELFDESTRUCT): about 35 s more
                 "tests/test_audit_tests.py", "tests/test_invalid_input.py", "tests/test_variant_ram_game.py",
                 "tests/test_variant_init_game.py", "tests/test_variant_move_game.py",
                 "tests/test_variant_crew_game.py", "tests/test_bot_move_weighing.py", "tests/test_bot_harm.py",
                 "tests/test_bot_dispatch.py"],  # session 42: written from session 41's survivors (27 killed by hand)
    "game/actions": ["tests/test_game_move_damage.py", "tests/test_audit_validation.py", "tests/test_tamper.py"],
    # the save codecs split from game/save and game/centuria by issue 23: the fast save and action-codec tests, the
    # saves of before the redesign (a few seconds; they replay every kind of action), test_mutation_game_codec*.py
    "game/codec": ["tests/test_mutation_game_save.py", "tests/test_mutation_game_actions.py",
                   "tests/test_game_saves_issue23.py"],
    "game/centuria_phases/codec": ["tests/test_mutation_game_save.py", "tests/test_centuria_phases.py",
                                   "tests/test_mutation_game_codec.py"],
    "centuria/__init__": CENTURIA,
    "centuria/battle": CENTURIA,
    "centuria/pieces": CENTURIA,
    "centuria/state": CENTURIA,
    "centuria/round": CENTURIA,
    "centuria/movement": CENTURIA,
    "centuria/combat": CENTURIA,
    "centuria/morale": CENTURIA,
    "centuria/artillery": CENTURIA,
    "centuria/checks": CENTURIA,
    "centuria/command": CENTURIA,
    "centuria/values": CENTURIA,
    "variants/fire": ["tests/test_variants.py", "tests/test_variants_fire_engine.py"],
    # and the brute-force oracle of the variant legal-moves search and the resolver's tests (issue 23's split parts)
    "variants/movement": ["tests/test_variants.py", "tests/test_variants_movement.py",
                          "tests/test_mutation_variant_moves.py", "tests/test_mutation_variant_resolution.py"],
    "variants/vanes": ["tests/test_variants.py", "tests/test_variants_movement.py"],
    "variants/ramming": ["tests/test_variants.py", "tests/test_variant_ram_game.py"],
}
# a module split from another (issue 23) -> that module: it runs the same test files, and the origin's
# tests/test_mutation_<origin>*.py files too (test_files), so the mutants of the moved code meet the same tests
MOVED_FROM: dict[str, str] = {
    "rules/record": "rules/damage",  # reduced_thrust moved there
    "rules/refusal": "rules/grav",
    "rules/grav_types": "rules/grav",
    "rules/grav_execution": "rules/grav",
    "rules/combat_units": "rules/resolution",
    "rules/hits": "rules/resolution",
    "rules/weapons_fire": "rules/resolution",
    "rules/painting": "rules/resolution",
    "rules/squad_orders": "rules/resolution",
    "variants/variant_move": "variants/movement",
    "variants/move_resolution": "variants/movement",
    **{m: "centuria/battle" for m in ("centuria/pieces", "centuria/state", "centuria/round", "centuria/movement",
                                      "centuria/combat", "centuria/morale", "centuria/artillery")},
}
# --all, in this order (the rules first; a split module after the one it came from)
MODULES = [m for base in TESTS if base not in MOVED_FROM
           for m in (base, *(n for n, o in MOVED_FROM.items() if o == base))]
TESTS.update({m: TESTS[o] for m, o in MOVED_FROM.items()})

# Slow tests left out of a module's run (pytest --deselect): each takes seconds (hypothesis games, a countdown) and
# calls most functions of the module, so every mutant would run them. The module's other tests and its
# tests/test_mutation_*.py files check the same rules (docs/mutation.md).
SLOW_CENTURIA = ["tests/test_centuria.py::test_actions_keep_the_rules",
                 "tests/test_centuria_corrections.py::test_a_legal_move_stays_within_the_movement_value_of_its_hexes",
                 "tests/test_audit_centuria.py::test_D7_round_table_countdown_ends_the_round"]
SLOW_VARIANT_MOVES = [f"tests/test_variants_movement.py::{t}" for t in (
    "test_with_every_switch_off_the_variant_resolver_is_resolve_grav_move",
    "test_lateral_and_emergency_switches_change_nothing_for_moves_the_basic_rules_allow",
    "test_random_variant_moves_keep_the_rules", "test_every_variant_end_state_is_a_move_the_resolver_accepts")]
DESELECT: dict[str, list[str]] = {f"centuria/{m}": SLOW_CENTURIA for m in ("battle", "checks", "command", "__init__")}
DESELECT["variants/movement"] = SLOW_VARIANT_MOVES
# the resolver and the move as data (split from variants/movement) are called by every test: the slower brute-force
# cases of tests/test_mutation_variant_moves.py (a second or more each) are left out of their runs too
SLOW_BRUTE_FORCE = [f"tests/test_mutation_variant_moves.py::{t}" for t in (
    "test_VAR_LATERAL_below_velocity_6_the_search_keeps_the_basic_paths",
    "test_VAR_LATERAL_and_VAR_EMERGENCY_at_velocity_6_the_search_is_the_brute_force",
    "test_VAR_EMERGENCY_max_emergencies_bounds_the_emergency_turns_of_a_path",
    "test_VAR_LATERAL_from_velocity_0_and_reversing",
    "test_VAR_EMERGENCY_a_grounding_comes_from_the_safest_path_that_can_still_stop")]
DESELECT.update({m: SLOW_VARIANT_MOVES + SLOW_BRUTE_FORCE for m, o in MOVED_FROM.items() if o == "variants/movement"})

COPY = ["centurion", "tests", "data", "notebooks", "tools", "docs", "benchmarks", "binder", "README.md",
        "pyproject.toml"]
KILLED = {1, 3}
TIMEOUT = {24, -24, 36, 152, 255}


def test_files(module: str) -> list[str]:
    """The test files for one module: the map above plus its own tests/test_mutation_*.py files and those of the
    module it was split from (MOVED_FROM)."""
    files = list(TESTS[module])
    for m in (module, MOVED_FROM.get(module)):
        if m is None:
            continue
        stem = m.replace("/", "_").replace("__init__", "init")
        files += sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests").glob(f"test_mutation_{stem}*.py"))
    files = list(dict.fromkeys(files))  # each file once (a split module's stem may match its origin's glob)
    return [f for f in files if (ROOT / f).exists()]


def scratch_copy(dest: Path) -> None:
    """A fresh copy of the repository's work tree (without caches and old mutants) in dest."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints", "artifacts", ".hypothesis")
    for name in COPY:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=ignore)
        elif src.exists():
            shutil.copy2(src, dest / name)


def configure(dest: Path, module: str, tests: list[str]) -> None:
    """Append the [tool.mutmut] section for one module to the scratch copy's pyproject.toml."""
    args = ["-o", "addopts=", "-p", "no:cacheprovider", "-q"]
    for test in DESELECT.get(module, []):
        args += ["--deselect", test]
    section = "\n".join([
        "",
        "[tool.mutmut]",
        'source_paths = ["centurion"]',
        f'only_mutate = ["centurion/{module}.py"]',
        f"pytest_add_cli_args = {json.dumps(args)}",
        f"pytest_add_cli_args_test_selection = {json.dumps(tests)}",
        'also_copy = ["data", "notebooks", "tools", "docs", "benchmarks", "binder", "README.md"]',
        "",
    ])
    toml = dest / "pyproject.toml"
    text = toml.read_text()
    if "[tool.mutmut]" in text:
        raise SystemExit("pyproject.toml already has a [tool.mutmut] section; remove it")
    toml.write_text(text + section)


def read_results(dest: Path, module: str) -> dict:
    """Counts and survivor names for one module, from the .meta file mutmut wrote (also of a run stopped early)."""
    meta = dest / "mutants" / "centurion" / f"{module}.py.meta"
    codes = json.loads(meta.read_text())["exit_code_by_key"] if meta.exists() else {}
    not_run = sum(1 for c in codes.values() if c is None)
    killed = sum(1 for c in codes.values() if c in KILLED)
    timeouts = sum(1 for c in codes.values() if c in TIMEOUT)
    survivors = sorted(k for k, c in codes.items() if c == 0)
    other = len(codes) - not_run - killed - timeouts - len(survivors)
    run = len(codes) - not_run
    # A timeout is counted as killed (the mutant made the tests hang), as mutmut does. The score is over the
    # mutants run: a run stopped early (not_run > 0) gives the score of its fastest mutants only.
    score = 100.0 * (killed + timeouts) / run if run else 0.0
    return {"module": module, "mutants": len(codes), "killed": killed, "survived": len(survivors),
            "timeouts": timeouts, "other": other, "not_run": not_run, "score": score, "survivors": survivors}


DIFFS = """
import sys
from pathlib import Path
from mutmut.mutation.diff_apply import get_diff_for_mutant
path = Path(sys.argv[1])
for name in sys.argv[2:]:
    print(f"# {name}: survived")
    print(get_diff_for_mutant(name, path=path))
"""


def write_diffs(dest: Path, result: dict) -> None:
    """The diff of every surviving mutant, in <dest>/survivors.diff (one process for all of them)."""
    with open(dest / "survivors.diff", "w") as out:
        if result["survivors"]:
            subprocess.run([sys.executable, "-c", DIFFS, f"centurion/{result['module']}.py", *result["survivors"]],
                           cwd=dest, stdout=out, stderr=subprocess.STDOUT, check=False)


def short(name: str) -> str:
    """A mutant's name without its module: 'to_hit__mutmut_12', 'HitMark.describe__mutmut_1'."""
    return name.rsplit(".", 1)[-1].removeprefix("x_").removeprefix("xǁ").replace("ǁ", ".")


def run_module(module: str, workdir: Path, children: int, diffs: bool, names: list[str] | None = None) -> dict:
    """Mutate one module in its own scratch copy and return its counts (only `names`, when given)."""
    dest = workdir / module.replace("/", "_")
    tests = test_files(module)
    scratch_copy(dest)
    configure(dest, module, tests)
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    start = time.time()
    print(f"== {module}: {len(tests)} test files, in {dest}", flush=True)
    log = dest / "mutmut.log"
    with open(log, "w") as out:
        proc = subprocess.run([sys.executable, "-m", "mutmut", "run", "--max-children", str(children), *(names or [])],
                              cwd=dest, env=env, stdout=out, stderr=subprocess.STDOUT, check=False)
    result = read_results(dest, module)
    result["seconds"] = round(time.time() - start)
    if proc.returncode != 0 or not result["mutants"]:
        print(f"   mutmut exited with {proc.returncode}; see {log}", flush=True)
    if diffs:
        write_diffs(dest, result)
    print(f"   {result['mutants']} mutants, {result['killed']} killed, {result['survived']} survived, "
          f"{result['timeouts']} timeouts, score {score(result)} % ({result['seconds']} s)", flush=True)
    return result


def score(r: dict) -> str:
    """The score as text; n/a when no mutant was run (e.g. no selected test reaches the module)."""
    return "n/a" if r["mutants"] == r.get("not_run", 0) else f"{r['score']:.1f}"


def table(results: list[dict]) -> str:
    """The score table in Markdown."""
    lines = ["| module | mutants | killed | survived | timeouts | other | not run | score % |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in results:
        lines.append(f"| centurion/{r['module']}.py | {r['mutants']} | {r['killed']} | {r['survived']} | "
                     f"{r['timeouts']} | {r['other']} | {r.get('not_run', 0)} | {score(r)} |")
    return "\n".join(lines)


def write_scores(out: Path, results: list[dict]) -> None:
    """Write the table to `out`, keeping the rows of modules not run this time."""
    rows: dict[str, str] = {}
    lists: dict[str, str] = {}
    if out.exists():
        for line in out.read_text().splitlines():
            if line.startswith("| centurion/"):
                rows[line.split("|")[1].strip()] = line
            elif line.startswith("- centurion/"):
                lists[line[2:].split(":")[0]] = line
    new = table(results).splitlines()
    for r, line in zip(results, new[2:]):
        name = f"centurion/{r['module']}.py"
        rows[name] = line
        lists[name] = f"- {name}: {', '.join(map(short, r['survivors'])) or 'none'}"
    order = {f"centurion/{m}.py": i for i, m in enumerate(MODULES)}
    names = sorted(rows, key=lambda n: order.get(n, len(order)))
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    text = ["# Mutation scores", "",
            f"Written by `python tools/mutation.py` (last run {stamp}); see docs/mutation.md.", "",
            *new[:2], *(rows[n] for n in names), "", "Surviving mutants:", "", *(lists[n] for n in names if n in lists)]
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(text) + "\n")


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, run the modules, print and write the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("modules", nargs="*", help="modules under centurion/, e.g. rules/speed")
    parser.add_argument("--all", action="store_true", help="every module of the map")
    parser.add_argument("--list", action="store_true", help="print the modules and their test files")
    parser.add_argument("--max-children", type=int, default=1, help="parallel mutants (default 1)")
    parser.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "centurion-mutation")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "mutation-scores.md",
                        help="the Markdown file the table is written to")
    parser.add_argument("--no-diffs", action="store_true", help="don't write survivors.diff")
    parser.add_argument("--mutants", type=Path,
                        help="a file of mutant names (one a line): run only these (e.g. the survivors of a run that "
                             "was stopped early); the others count as not run")
    parser.add_argument("--report", action="store_true",
                        help="don't run: read the results of the last run of each module from the work directory")
    args = parser.parse_args(argv)
    if args.list:
        for m in MODULES:
            print(f"{m}: {' '.join(test_files(m))}")
        return 0
    modules = MODULES if args.all else [m.removeprefix("centurion/").removesuffix(".py") for m in args.modules]
    unknown = [m for m in modules if m not in TESTS]
    if unknown or not modules:
        parser.error(f"unknown or no modules {unknown}; known: {', '.join(MODULES)}")
    if args.report:
        results = [read_results(args.workdir / m.replace("/", "_"), m) for m in modules]
        results = [r for r in results if r["mutants"]]
        if not args.no_diffs:
            for r in results:
                write_diffs(args.workdir / r["module"].replace("/", "_"), r)
    else:
        results = []
        for m in modules:  # the file is updated after every module, so a long run can be stopped
            names = None
            if args.mutants:
                prefix = "centurion." + m.replace("/", ".") + "."
                names = [n for n in args.mutants.read_text().split() if n.startswith(prefix)]
            results.append(run_module(m, args.workdir, args.max_children, not args.no_diffs, names))
            write_scores(args.out, results[-1:])
    text = table(results)
    print()
    print(text)
    survivors = ["", "Surviving mutants:", ""]
    for r in results:
        survivors.append(f"- centurion/{r['module']}.py: {', '.join(map(short, r['survivors'])) or 'none'}")
    print("\n".join(survivors))
    write_scores(args.out, results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
