"""``python -m ndcg_core.trec``, as the README documents it: run by `commands.trec`."""

import sys

from commands.trec import main

sys.exit(main())
