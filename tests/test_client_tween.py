"""Tweens with time passed in by hand (no clock anywhere)."""
import pytest

from game import tween
from game.tween import Call, Parallel, Progress, Sequence, Timeline, Tween, Wait


class Obj:
    def __init__(self):
        self.x = 0.0
        self.pos = (0.0, 0.0)


@pytest.mark.parametrize("name", sorted(tween.EASINGS))
def test_easings_start_and_end(name):
    f = tween.EASINGS[name]
    assert f(0.0) == pytest.approx(0.0, abs=1e-9)
    if name == "hop":
        assert f(0.5) == pytest.approx(1.0) and f(1.0) == pytest.approx(0.0)
    else:
        assert f(1.0) == pytest.approx(1.0, abs=1e-9)


def test_tween_linear_steps_and_leftover():
    o = Obj()
    t = Tween(o, 1.0, "linear", x=10.0, pos=(4.0, -2.0))
    assert t.update(0.25) == 0.0
    assert o.x == pytest.approx(2.5) and o.pos == pytest.approx((1.0, -0.5))
    assert not t.done
    left = t.update(1.0)
    assert t.done and o.x == 10.0 and o.pos == (4.0, -2.0)
    assert left == pytest.approx(0.25)


def test_tween_on_dicts_and_easing_shape():
    d = {"y": 0.0}
    t = Tween(d, 2.0, "out_quad", y=100.0)
    t.update(1.0)
    assert d["y"] == pytest.approx(75.0)  # out_quad(0.5) = 0.75


def test_sequence_hands_leftover_time_to_next_child():
    o = Obj()
    calls = []
    seq = Sequence(Tween(o, 0.5, "linear", x=1.0), Call(lambda: calls.append(o.x)),
                   Tween(o, 1.0, "linear", x=3.0))
    seq.update(0.75)  # 0.5 for the first, the call, then 0.25 of the second
    assert calls == [1.0]
    assert o.x == pytest.approx(1.5)
    seq.update(0.75)
    assert seq.done and o.x == 3.0


def test_second_tween_starts_where_first_left():
    o = Obj()
    seq = Sequence(Tween(o, 1.0, "linear", x=10.0), Tween(o, 1.0, "linear", x=0.0))
    seq.update(1.5)
    assert o.x == pytest.approx(5.0)


def test_parallel_waits_for_longest():
    a, b = Obj(), Obj()
    p = Parallel(Tween(a, 1.0, "linear", x=1.0), Tween(b, 2.0, "linear", x=1.0))
    p.update(1.0)
    assert a.x == 1.0 and b.x == pytest.approx(0.5) and not p.done
    p.update(1.0)
    assert p.done and b.x == 1.0


def test_finish_skips_to_end_running_every_callback_in_order():
    o = Obj()
    seen = []
    seq = Sequence(Tween(o, 5, x=7.0, on_finish=lambda: seen.append("a")), Wait(3),
                   Call(lambda: seen.append("b")), Progress(2, lambda p: seen.append(p)))
    seq.update(0.1)
    seq.finish()
    assert o.x == 7.0 and seen == ["a", "b", 1.0] and seq.done


def test_timeline_speed_multiplier_and_skip():
    o = Obj()
    tl = Timeline(speed=2.0)
    tl.play(Tween(o, 1.0, "linear", x=1.0))
    tl.play(Tween(o, 1.0, "linear", x=2.0))
    tl.update(0.25)  # 0.5 s of animation time
    assert o.x == pytest.approx(0.5) and tl.busy
    tl.update(0.5)  # 1.0 s more: the first ends after 0.5, the second gets the other 0.5
    assert o.x == pytest.approx(1.5)
    tl.skip()
    assert o.x == 2.0 and not tl.busy


def test_timeline_side_animations_do_not_block():
    o, side = Obj(), Obj()
    tl = Timeline()
    tl.play(Tween(side, 10.0, "linear", x=1.0), parallel=True)
    assert not tl.busy
    tl.play(Tween(o, 1.0, "linear", x=1.0))
    tl.update(1.0)
    assert o.x == 1.0 and not tl.busy and side.x == pytest.approx(0.1)


def test_speed_zero_lands_everything_at_once():
    o = Obj()
    tl = Timeline(speed=0.0)
    tl.play(Tween(o, 3.0, x=9.0))
    tl.update(0.016)
    assert o.x == 9.0 and not tl.busy
