"""The engine's seeded generator: same seed ⇒ same draws, everywhere (no dependence on `random`)."""
import pytest

from engine.rng import Rng


def test_known_stream_for_seed_42():
    # Pinned values: if these change, saved games and journals no longer replay.
    assert _stream(42) == [281, 191, 141, 366, 559]


def test_matches_the_splitmix64_reference():
    # SplitMix64 from state 0: first output 0xE220A8397B1DCDAF (the published reference value).
    assert Rng(state=0).next64() == 0xE220A8397B1DCDAF


def _stream(seed):
    r = Rng(seed)
    return [r.below(1000) for _ in range(5)]


def test_state_round_trip_continues_identically():
    a = Rng(7)
    for _ in range(13):
        a.next64()
    b = Rng(state=a.getstate())
    assert [a.randint(1, 6) for _ in range(50)] == [b.randint(1, 6) for _ in range(50)]


def test_different_seeds_differ_and_dice_are_fair():
    assert _stream(1) != _stream(2)
    r = Rng(123)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.randint(1, 6) - 1] += 1
    assert all(850 < c < 1150 for c in counts), counts


def test_shuffle_is_a_permutation_and_seeded():
    a, b = list(range(30)), list(range(30))
    Rng(5).shuffle(a)
    Rng(5).shuffle(b)
    assert a == b and sorted(a) == list(range(30)) and a != list(range(30))


def test_choice_is_the_element_below_draws_and_refuses_an_empty_sequence():
    # choice() inlines below(): the same draw, the same element, the same state after
    for seed in range(50):
        a, b = Rng(seed), Rng(seed)
        for n in (1, 2, 3, 6, 7, 36, 4095, 4096, 5000, 2 ** 62 + 1):
            seq = range(n)
            for _ in range(5):
                assert a.choice(seq) == seq[b.below(n)]
        assert a.getstate() == b.getstate()
    with pytest.raises(ValueError):
        Rng(1).choice([])
