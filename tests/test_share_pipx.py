"""The download page's way to pipx, per system it names (issue 41): on Windows `py -m pip install
--user pipx` leaves no `pipx` on the PATH, so `py -m pipx ensurepath`; Debian, Ubuntu and macOS
(Homebrew's Python) refuse `pip install --user` outside a venv, so their own pipx package. Each
line as the page shows it, in every language."""
import html

from assets.i18n import LANGUAGES, translations
from net.share import ShareServer

WHEEL = "tikal_lan-0.2.0-py3-none-any.whl"
UAS = {"windows": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36",
       "macos": "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.1 Safari/605.1.15",
       "linux": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36",
       "unknown": "curl/8.5.0"}


def pipx_line(tmp_path, system: str, lang: str = "en") -> str:
    (tmp_path / WHEEL).write_bytes(b"w")
    page = ShareServer(tmp_path, game_port=47474).page("127.0.0.1", lang, UAS[system]).decode()
    intro = html.escape(translations(lang).gettext("share.get_pipx"), quote=False).split("{")[0]
    return page.split(intro, 1)[1].split("</small>")[0]


def test_each_system_gets_its_own_pipx_commands(tmp_path):
    want = {
        "windows": "<code>py -m pip install --user pipx</code>; then <code>py -m pipx ensurepath</code>",
        "macos": "<code>brew install pipx</code>; then <code>pipx ensurepath</code>",
        "linux": "<code>sudo apt install pipx</code> (Debian, Ubuntu), <code>sudo dnf install pipx</code> (Fedora); "
                 "then <code>pipx ensurepath</code>",
        "unknown": "<code>py -m pip install --user pipx</code> (Windows), <code>brew install pipx</code> (macOS), "
                   "<code>sudo apt install pipx</code> (Debian, Ubuntu), <code>sudo dnf install pipx</code> (Fedora); "
                   "then <code>py -m pipx ensurepath</code> (Windows), <code>pipx ensurepath</code> (macOS, Linux)",
    }
    for system, line in want.items():
        got = pipx_line(tmp_path, system)
        assert got.startswith(line) and got.endswith("and open a new terminal."), (system, got)


def test_no_system_is_told_a_pip_install_it_refuses(tmp_path):
    """`python3 -m pip install --user` (refused on Debian 12+, Ubuntu 23.04+ and Homebrew's
    Python) is offered nowhere, and a bare `pipx` is never run where only `py -m pipx` exists."""
    for system in UAS:
        for lang in LANGUAGES:
            got = pipx_line(tmp_path, system, lang)
            assert "python3 -m pip" not in got, (system, lang)
            assert "ensurepath</code>" in got and "{" not in got, (system, lang)
            if system == "windows":
                assert "<code>pipx ensurepath</code>" not in got and "<code>py -m pipx ensurepath</code>" in got
