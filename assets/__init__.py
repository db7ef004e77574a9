"""The game's assets (fonts, sounds, rule texts, the translation catalogs: ``assets.i18n``) as a
package, so that they travel with the code: an installed wheel and a built app carry this folder,
and ``game/assets.py`` finds it with ``importlib.resources`` (no path relative to a checkout)."""
