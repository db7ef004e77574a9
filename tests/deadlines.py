"""Finds short wall-clock deadlines in test code (issue 29): a test that gives the program a few
seconds of real time fails on a busy machine, however right the program is. A wait in a test
waits for the program's own progress (frames, moves, messages); a timeout is only a guard against
a hang, of ``SHORTEST`` seconds at least (``tests/waiting.py`` waits ``HANG``), or a limit on time
*without progress* (``waiting.Stall``).

``short_deadlines(source)`` lists, as ``(line, what)``, every place in a module's source where
real time under ``SHORTEST`` bounds a wait:

- a clock read plus a short span (``time.monotonic() + 30``, ``time.time() + 5``);
- a parameter named like a deadline (``timeout``, ``limit``, ``deadline``, ``patience``, ``wait``,
  ``within``) whose default is a short span (``def pump(app, until, timeout=20.0)``);
- a call given a short span by keyword (``expect("update", timeout=5)``, ``play(limit=50.0)``,
  ``p.communicate(timeout=60)``) or in the position of a timeout (``asyncio.wait_for(x, 5)``,
  ``asyncio.timeout(5)``, ``event.wait(5)``, ``thread.join(5)``, ``future.result(5)``,
  ``selector.select(5)``);
- a network client whose waits default to a few seconds (``AsyncClient``: its ``expect``), or a
  library's wait left at its short default (``start_in_thread(...)``, ``client.wait_for("x")``);
- a loop over a count that sleeps in real time, the two together short (``for _ in range(4000):
  ... time.sleep(0.005)``: 20 s in disguise), or whose count is not a constant.

A span is a number, a module-level constant naming one, or a product of those. A line that must
keep a short span because it is not a deadline at all (a program's own setting under test, a
check that nothing *more* comes, a poll that loops) says so with ``# not a deadline: why``.
"""
from __future__ import annotations

import ast
from pathlib import Path

#: seconds: the shortest guard against a hang a test may use (the issue's "2 minutes or more")
SHORTEST = 120.0
#: names of parameters and keywords that bound a wait in real time
DEADLINE_NAMES = {"timeout", "limit", "deadline", "patience", "within", "wait_s", "seconds_left"}
#: calls whose first positional argument is a timeout (``event.wait(5)``, ``asyncio.timeout(5)``)
FIRST_ARG_TIMEOUT = {"wait", "join", "result", "select", "timeout"}
#: calls whose second positional argument is a timeout (``asyncio.wait_for(aw, 5)``)
SECOND_ARG_TIMEOUT = {"wait_for"}
#: what a test must not build, and what to use instead: its waits default to a few seconds
IMPATIENT = {"AsyncClient": "its waits default to 5 s; net_helpers.PatientClient waits for the message"}
CLOCKS = {"monotonic", "time", "perf_counter", "monotonic_ns"}
MARK = "# not a deadline:"
#: the project's packages whose functions' timeout parameters a test's calls are checked against
PROJECT = ("net", "game", "engine", "tikal_lan")


def short_deadlines(source: str, known: dict[str, set[tuple[int, str]]] | None = None) -> list[tuple[int, str]]:
    """``known``: the project's own functions whose parameter at a position bounds a wait in
    real time (``timeout_positions``), for calls to them from here (``runner.call(coro, 30)``,
    ``browser.wait_until(pred, 30)``)."""
    tree = ast.parse(source)
    lines = source.splitlines()
    consts = _module_constants(tree)
    found: list[tuple[int, str]] = []
    # this module's functions with a deadline parameter (and the project's with a timeout one):
    # the positions it takes in a call
    positions: dict[str, set[tuple[int, str]]] = {k: set(v) for k, v in (known or {}).items()}
    for name, where in _deadline_positions(tree, _deadline_name).items():
        positions.setdefault(name, set()).update(where)

    def span(node) -> float | None:
        """The number of seconds ``node`` stands for, if it is a constant one."""
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) \
                and not isinstance(node.value, bool):
            return float(node.value)
        if isinstance(node, ast.Name) and node.id in consts:
            return consts[node.id]
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mult, ast.Add)):
            a, b = span(node.left), span(node.right)
            if a is not None and b is not None:
                return a * b if isinstance(node.op, ast.Mult) else a + b
        return None

    def short(node) -> bool:
        s = span(node)
        return s is not None and 0 < s < SHORTEST

    def note(node, what: str) -> None:
        line = lines[node.lineno - 1] if node.lineno - 1 < len(lines) else ""
        if MARK not in line:
            found.append((node.lineno, what))

    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            for clock, other in ((node.left, node.right), (node.right, node.left)):
                if _is_clock(clock) and short(other):
                    note(node, f"a clock plus {span(other):g} s")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            args = node.args
            positional = args.posonlyargs + args.args
            pairs = list(zip(positional[len(positional) - len(args.defaults):], args.defaults))
            pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None]
            for arg, default in pairs:
                if _deadline_name(arg.arg) and short(default):
                    note(default, f"a parameter {arg.arg}={span(default):g} s")
        elif isinstance(node, ast.Call):
            name = _call_name(node.func)
            for i, param in sorted(positions.get(name, ())):
                if 0 <= i < len(node.args) and short(node.args[i]):
                    note(node, f"{name}(…, {param}={span(node.args[i]):g})")
            if name in IMPATIENT:
                note(node, f"{name}(…): {IMPATIENT[name]}")
            if _library_default(node, name):
                note(node, f"{name}(…) without a timeout: the library's default is a few seconds")
            for kw in node.keywords:
                if kw.arg is not None and _deadline_name(kw.arg) and short(kw.value):
                    note(node, f"{name}({kw.arg}={span(kw.value):g})")
            if name in FIRST_ARG_TIMEOUT and node.args and short(node.args[0]) \
                    and isinstance(node.func, ast.Attribute) and not _is_pygame_wait(node):
                note(node, f"{name}({span(node.args[0]):g})")
            if name in SECOND_ARG_TIMEOUT and len(node.args) > 1 and short(node.args[1]):
                note(node, f"{name}(…, {span(node.args[1]):g})")
        elif isinstance(node, (ast.For, ast.AsyncFor)):
            naps = [_nap(c, span) for c in _own_calls(node.body) if _is_sleep(c) and c.args]
            if not naps or not (isinstance(node.iter, ast.Call) and _call_name(node.iter.func) == "range"):
                continue
            count = span(node.iter.args[-1 if len(node.iter.args) < 2 else 1]) if node.iter.args else None
            nap = max((n for n in naps if n is not None), default=None)
            if count is None:
                note(node, "a loop of sleeps over a count that is not a constant")
            elif nap is not None and count * nap < SHORTEST:
                note(node, f"a loop of {count:g} sleeps of {nap:g} s")
    return sorted(set(found))


def scan(folder: Path) -> list[str]:
    """``path:line: what`` for every short deadline in the Python files under ``folder``, calls
    to the project's own functions with a timeout parameter included (``timeout_positions``)."""
    known = timeout_positions([folder.parent / name for name in PROJECT] + [folder])
    out = []
    for path in sorted(folder.rglob("*.py")):
        for line, what in short_deadlines(path.read_text(encoding="utf-8"), known):
            out.append(f"{path.relative_to(folder.parent)}:{line}: {what}")
    return out


def timeout_positions(folders: list[Path]) -> dict[str, set[tuple[int, str]]]:
    """{function name: {(position in a call, parameter)}} for the functions of ``folders`` with a
    parameter named as a timeout (``LoopThread.call(self, coro, timeout=None)``: ``call`` →
    ``(1, "timeout")``), where every function of that name agrees: each has that parameter at
    that position, or *args there, or too few parameters to be called so (``Table.start(seed,
    delay)`` is not ``Client.start(host, timeout)``: a call ``start(…, 5)`` is left alone). Only
    ``timeout`` names: elsewhere ``limit`` is as often a count as a time."""
    defs: dict[str, list[list[str]]] = {}
    for folder in folders:
        for path in sorted(folder.rglob("*.py")):
            try:
                tree = ast.parse(path.read_text(encoding="utf-8"))
            except (SyntaxError, UnicodeDecodeError):
                continue
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    names = [a.arg for a in node.args.posonlyargs + node.args.args]
                    if names and names[0] in ("self", "cls"):
                        names = names[1:]
                    defs.setdefault(node.name, []).append(names)
    out: dict[str, set[tuple[int, str]]] = {}
    for fname, sigs in defs.items():
        for names in sigs:
            for i, param in enumerate(names):
                if _timeout_name(param) and all(i >= len(other) or other[i] == param
                                                for other in sigs):
                    out.setdefault(fname, set()).add((i, param))
    return out


def _deadline_positions(tree: ast.AST, named) -> dict[str, set[tuple[int, str]]]:
    """{function name: {(position in a call, parameter name)}} of the functions in ``tree`` with
    a parameter ``named(name)`` says is a deadline (a method's ``self`` not counted)."""
    out: dict[str, set[tuple[int, str]]] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names = [a.arg for a in node.args.posonlyargs + node.args.args]
            skip = 1 if names and names[0] in ("self", "cls") else 0
            for i, name in enumerate(names):
                if i >= skip and named(name):
                    out.setdefault(node.name, set()).add((i - skip, name))
    return out


def _timeout_name(name: str) -> bool:
    return name == "timeout" or name.endswith("_timeout") and not name.startswith("ping")


def _library_default(call: ast.Call, name: str) -> bool:
    """A library wait left at its short default: ``start_in_thread(...)`` (10 s for the host to
    start), the threaded client's ``wait_for("update")`` (5 s)."""
    if any(kw.arg == "timeout" for kw in call.keywords):
        return False
    if name == "start_in_thread":
        return True
    return name == "wait_for" and len(call.args) < 2 and bool(call.args) \
        and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str)


def _deadline_name(name: str) -> bool:
    return name in DEADLINE_NAMES or name.endswith("_timeout") and not name.startswith("ping")


def _module_constants(tree: ast.Module) -> dict[str, float]:
    consts: dict[str, float] = {}
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            value = node.value
            if isinstance(value, ast.Constant) and isinstance(value.value, (int, float)) \
                    and not isinstance(value.value, bool):
                for t in targets:
                    if isinstance(t, ast.Name):
                        consts[t.id] = float(value.value)
    return consts


def _call_name(func) -> str:
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


def _is_clock(node) -> bool:
    return isinstance(node, ast.Call) and not node.args and _call_name(node.func) in CLOCKS \
        and isinstance(node.func, ast.Attribute)


def _is_sleep(call: ast.Call) -> bool:
    """``time.sleep(s)``, ``asyncio.sleep(s)``, ``pygame.time.wait(ms)``."""
    return _call_name(call.func) == "sleep" or _is_pygame_wait(call)


def _is_pygame_wait(call: ast.Call) -> bool:
    f = call.func
    return isinstance(f, ast.Attribute) and f.attr in ("wait", "delay") \
        and isinstance(f.value, ast.Attribute) and f.value.attr == "time"


def _nap(call: ast.Call, span) -> float | None:
    s = span(call.args[0])
    return s / 1000 if s is not None and _is_pygame_wait(call) else s


def _own_calls(body: list) -> list[ast.Call]:
    """The calls in a loop's body, not in functions defined there."""
    calls: list[ast.Call] = []
    stack = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, ast.Call):
            calls.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return calls
