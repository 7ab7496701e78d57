"""`python -m centurion ...`: the same as the `centurion` command (serve, --version), for a machine whose scripts
directory is not on the PATH (walk of session 33)."""

from .cli import main

raise SystemExit(main())
