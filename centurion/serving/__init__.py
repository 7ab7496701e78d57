"""Serving the rulebook to many players: the Voila app of `centurion serve`, its kernel cap, culling and
shutdown, and the supervisor that stops the whole process tree (issue 10).

Import the submodules directly; `centurion.serving.app` imports Voila, the others do not.
"""

from .options import ServeOptions, voila_command

__all__ = ["ServeOptions", "voila_command"]
