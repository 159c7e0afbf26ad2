"""The README's Python examples run as written and print what their comments say: the names
it documents stay importable from where it documents them (users copy these lines)."""

import re

import pytest

from devtools import ROOT

BLOCKS = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
# `expression  # 0.9608…` or `# 'NDCG@3'`: the value a reader is told to expect.
SAID = re.compile(r"^(?P<code>[^#\n]+?)\s+#\s+(?P<value>\d\.\d+…|'[^']*')")


@pytest.mark.parametrize("block", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_a_readme_example_runs_and_prints_what_it_says(block):
    scope: dict = {}
    checked = 0
    for line in block.splitlines():
        said = SAID.match(line)
        if said:
            got = eval(said["code"], scope)
            value = said["value"]
            if value.endswith("…"):  # rounded to the digits written
                digits = len(value[:-1].split(".")[1])
                assert f"{got:.{digits}f}" == value[:-1], (line, got)
            else:
                assert repr(got) == value, (line, got)
            checked += 1
        elif line.strip() and not line.startswith("#"):
            exec(line, scope)
    assert checked, "each example block says at least one value it prints"
