"""The errors the engine raises: a refused action (contract section 1), a bad scenario."""


class IllegalAction(ValueError):
    """An action the rules refuse. The state is unchanged when this is raised.

    ``reason`` is a human-readable English sentence; ``rule`` is the id of the rule that refuses
    it (a T-… or L-… id from ``../shared/rules/``). ``code`` is a short machine-readable string
    (``"illegal"`` for rule refusals, ``"malformed"`` when the dict is not an action of this
    game at all: unknown type, missing or mistyped fields).
    """

    def __init__(self, reason: str, rule: str, code: str = "illegal"):
        super().__init__(f"{reason} [{rule}]")
        self.reason = reason
        self.rule = rule
        self.code = code


class MalformedAction(IllegalAction):
    """The action dict is not of the form of contract section 2 (like python-chess's
    InvalidMoveError beside IllegalMoveError). Still an IllegalAction, so callers catch one type."""

    def __init__(self, reason: str, rule: str):
        super().__init__(reason, rule, code="malformed")


class ScenarioError(ValueError):
    """A scenario, snapshot, view or option dict that does not describe a game of this engine
    (``new_game``, ``from_scenario``, ``restore``, ``sample_state``)."""
