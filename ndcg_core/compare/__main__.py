"""``python -m ndcg_core.compare``, as the README documents it: run by `commands.compare`."""

import sys

from commands.compare import main

sys.exit(main())
