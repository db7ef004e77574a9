"""The suite's order for pytest-xdist's work stealing (tests/conftest.py): each worker's first
block starts with its share of the long tests, and every test runs once."""
import conftest
import pytest


class Item:
    def __init__(self, name: str, slow: bool):
        self.name, self.slow = name, slow

    def get_closest_marker(self, name):
        return "slow" if name == "slow" and self.slow else None

    def __repr__(self):
        return self.name


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_each_workers_block_starts_with_its_share_of_the_long_tests(workers, monkeypatch):
    monkeypatch.setenv("PYTEST_XDIST_WORKER_COUNT", str(workers))
    items = [Item(f"t{i}", slow=i % 7 in (2, 5)) for i in range(100)]
    given = list(items)
    conftest.pytest_collection_modifyitems(None, items)
    assert sorted(map(id, items)) == sorted(map(id, given))       # the same tests, once each
    slow = [x for x in given if x.slow]           # (one case each: file order)
    for i in range(workers):                                        # xdist's blocks
        block = items[i * len(items) // workers:(i + 1) * len(items) // workers]
        share = slow[i::workers]
        assert block[:len(share)] == share and not any(x.slow for x in block[len(share):])


def test_a_long_test_of_its_own_starts_before_the_cases_of_a_parametrized_one(monkeypatch):
    monkeypatch.setenv("PYTEST_XDIST_WORKER_COUNT", "1")
    cases = [Item(f"fit[{i}]", slow=True) for i in range(5)]
    for c in cases:
        c.originalname = "fit"
    whole = Item("whole_game", slow=True)
    items = cases + [Item("quick", slow=False), whole]
    conftest.pytest_collection_modifyitems(None, items)
    assert items == [whole] + cases + [items[-1]] and items[-1].name == "quick"


def test_auto_starts_one_process_more_than_the_cores(monkeypatch):
    """``-n auto`` (the README's command): xdist's count of the cores, plus one for the time the
    tests wait (tests/conftest.py); PYTEST_XDIST_AUTO_NUM_WORKERS still says exactly how many."""
    import os
    import re
    import subprocess
    import sys
    from pathlib import Path

    from xdist.plugin import pytest_xdist_auto_num_workers as xdists_count

    class Config:
        class option:
            numprocesses = "auto"

    monkeypatch.delenv("PYTEST_XDIST_AUTO_NUM_WORKERS", raising=False)
    cores = xdists_count(Config)
    root = Path(__file__).resolve().parents[1]

    def workers(**env) -> int:
        r = subprocess.run([sys.executable, "-m", "pytest", "-n", "auto", "-p", "no:cacheprovider",
                            "tests/test_suite_order.py", "-k", "block_starts"],
                           cwd=root, capture_output=True, text=True,
                           env={k: v for k, v in {**os.environ, **env}.items() if k != "PYTEST_XDIST_AUTO_NUM_WORKERS"
                                or env.get(k)})
        assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
        return int(re.search(r"created: (\d+)/\1 workers", r.stdout + r.stderr).group(1))

    assert workers() == cores + 1
    assert workers(PYTEST_XDIST_AUTO_NUM_WORKERS="2") == 2
