"""`python -m assistant …` is the `assistant` command (serve, score, check, recognize)."""

import sys

from assistant.cli import main

sys.exit(main())
