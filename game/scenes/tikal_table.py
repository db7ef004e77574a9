"""PLACEHOLDER until the Tikal-table engineer lands the real scenes (docs/client.md, "Adding the
Tikal table"): replace this module with the Tikal table and the volcano scoring scenes and
register them under the same names."""
from __future__ import annotations

from .. import theme
from ..widgets import blit_text
from .common import TableScene, background
from .registry import register


class TikalPlaceholderScene(TableScene):
    game = "tikal"
    name = "tikal"
    label = "placeholder.tikal"

    def build_controls(self):
        self.widgets.clear()
        self.widgets.add(self.menu_button())

    def draw_table(self, surface):
        surface.blit(background(self.app, "jungle"), (0, 0))
        blit_text(surface, self.app, self.tr(self.label), (640, 330), 34, theme.ACCENT, bold=True,
                  anchor="center", shadow=True)
        view = self.shown or {}
        blit_text(surface, self.app, self.tr("placeholder.view", tiles=len(view.get("tiles", [])),
                                             seats=view.get("seats", "?")),
                  (640, 380), 20, theme.PAPER, anchor="center")


class VolcanoPlaceholderScene(TikalPlaceholderScene):
    name = "volcano"
    label = "placeholder.volcano"


def _sample(cls):
    def make(app):
        from .samples import tikal_bridge

        from .samples import use

        return cls(app, use(app, tikal_bridge()))
    return make


register("tikal", TikalPlaceholderScene, _sample(TikalPlaceholderScene))
register("volcano", VolcanoPlaceholderScene, _sample(VolcanoPlaceholderScene))
