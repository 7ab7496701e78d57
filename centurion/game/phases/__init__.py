"""The phases of a turn of Centurion, one module each (issue 23): initiative (and order), movement, opportunity,
painting, fire and end. Each holds its phase's queries and decisions as methods of the game state and registers a
`PhaseRules` (game/dispatch.py); `Skirmish` (game/skirmish.py) puts them in one `PhaseTable`. A phase module
imports the state (game/state.py) and the rules below it, never another phase module: it goes on to another
phase with `state.enter(phase, dice)` or `state.close_phase(dice)`.
"""
