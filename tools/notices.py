"""The native libraries the standalone app carries and their notices (issue 30).

PyInstaller bundles the Python interpreter and, from the wheels, pygame-ce's own libraries (SDL,
the image and sound codecs, FreeType, HarfBuzz...): each is a separate file under its own licence.
``tools/tikal-lan.spec`` calls ``write`` on exactly what PyInstaller is about to bundle, so the app
(sealed inside the macOS bundle too) carries ``THIRD-PARTY-NOTICES.txt``: every native file, whose
it is, its licence text and, for the LGPL ones, where their source is. A library with no notice
here stops the build (``MissingNotice``): add its entry and its text (``licences/native/``).

``shared_libraries`` finds the native files of a built app by their contents (ELF, Mach-O, PE);
``tools/release_leg.py`` and the tests use it to check that the notices name every one of them.

Left out on purpose (``DROPPED``, by ``kept``): OpenSSL (the game speaks no TLS: the LAN protocol,
the download page and the browser's WebSocket are plain), the C++ runtime (only FluidSynth's MIDI
player needs it, and the game plays no MIDI: the system's serves FluidSynth where it loads; bundled,
it raised the Linux app's glibc floor to the builder's), bzip2 and xz (no compressed archives),
GNU readline (GPL; only websockets' command-line client asks for it) and libuuid.
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parents[1]
LICENCES = ROOT / "licences"
NATIVE = LICENCES / "native"
NAME = "THIRD-PARTY-NOTICES.txt"

#: The texts that the per-library records refer to by name (Debian's common-licenses paths).
COMMON = [("GNU Lesser General Public License 2.1", LICENCES / "pygame-ce-LGPL-2.1.txt"),
          ("GNU Library General Public License 2.0", NATIVE / "LGPL-2.0.txt"),
          ("Apache License 2.0", LICENCES / "msgpack-Apache-2.0.txt")]

#: What the app leaves out although the wheels or the interpreter bring it (file-name patterns).
DROPPED = {
    "the C++ runtime (FluidSynth's MIDI only; the game plays no MIDI)":
        r"^(libstdc\+\+|libgcc_s)[.-]",
    "OpenSSL (no TLS in the game)": r"^(libssl|libcrypto)[.-]",
    "bzip2 and xz (no compressed archives)": r"^(libbz2|liblzma)[.-]",
    "GNU readline and the terminal libraries (no interactive prompt)": r"^(libreadline|libtinfo|libncurses)",
    "libuuid (Python's uuid module works without it)": r"^libuuid[.-]",
}


@dataclass
class Component:
    name: str
    licence: str                       # SPDX expression
    texts: list                        # files of licences/ (relative) with its licence and copyright
    patterns: list                     # regexes on the file's name, lower case
    upstream: str = ""
    lgpl: bool = False                 # say where its source is
    packages: list = field(default_factory=list)   # Python packages whose extension modules it is
    note: str = ""

    def matches(self, path: PurePosixPath) -> bool:
        name = path.name.lower()
        if self.packages:               # a Python extension module inside one of its packages
            return extension(name) and any(p in self.packages for p in path.parts[:-1])
        return any(re.search(p, name) for p in self.patterns)


def extension(name: str) -> bool:
    """A Python extension module's file name (``base.cpython-311-x86_64-linux-gnu.so``,
    ``base.cp311-win_amd64.pyd``), not a library that sits beside it."""
    return bool(re.search(r"\.(cpython-\d+|cp\d+|abi3)[-.]", name)) or name.endswith(".pyd")


def _lib(stem: str) -> str:
    """A library's file names on the three systems: libFLAC-e7027ec5.so.14.0.0 (a wheel's,
    renamed by auditwheel), libflac.14.dylib, libFLAC-14.dll / FLAC.dll."""
    return rf"^(lib)?{stem}([-.]|$)"


PYGAME = "pygame-ce's wheel (the app's copy is the file of that wheel)"
COMPONENTS = [
    Component("tikal-lan's programs (PyInstaller's bootloader)",
              "GPL-2.0-or-later WITH Bootloader-exception", ["native/PyInstaller-bootloader.txt"],
              [r"^tikal-(lan|host)(\.exe)?$"], "https://pyinstaller.org",
              note="The bootloader's exception lets the app be distributed under its own licence (MIT)."),
    Component("Python", "PSF-2.0", ["Python-PSF.txt"],
              [r"^libpython3", r"^python3\d*\.dll$", r"^python$"], "https://www.python.org",
              note="The interpreter and its standard library's extension modules."),
    Component("the Microsoft C/C++ runtime", "LicenseRef-Microsoft-Visual-C++-Redistributable", [],
              [r"^(vcruntime|msvcp|concrt)140", r"^ucrtbase\.dll$", r"^api-ms-win-"],
              note="Redistributable files of Microsoft Visual C++, distributed under its terms."),
    Component("pygame-ce", "LGPL-2.1-only", ["pygame-ce-LGPL-2.1.txt"], [], "https://github.com/pygame-community/pygame-ce",
              lgpl=True, packages=["pygame", "pygame_ce"]),
    Component("msgpack", "Apache-2.0", ["msgpack-Apache-2.0.txt"], [], "https://github.com/msgpack/msgpack-python",
              packages=["msgpack"]),
    Component("websockets", "BSD-3-Clause", ["websockets-BSD-3-Clause.txt"], [], "https://github.com/python-websockets/websockets",
              packages=["websockets"]),
    Component("zeroconf", "LGPL-2.1-or-later", ["zeroconf-LGPL-2.1.txt"], [],
              "https://github.com/python-zeroconf/python-zeroconf", lgpl=True, packages=["zeroconf"]),
    Component("SDL 2 (SDL, SDL_image, SDL_mixer, SDL_ttf)", "Zlib", ["SDL-zlib.txt"],
              [_lib("sdl2"), _lib("sdl2_(image|mixer|ttf)")], "https://www.libsdl.org"),
    Component("FLAC", "BSD-3-Clause", ["native/FLAC.txt"], [_lib("flac")], "https://xiph.org/flac/"),
    Component("Ogg", "BSD-3-Clause", ["native/libogg.txt"], [_lib("ogg")], "https://xiph.org/ogg/"),
    Component("Vorbis", "BSD-3-Clause", ["native/libvorbis.txt"], [_lib("vorbis(file|enc)?")],
              "https://xiph.org/vorbis/"),
    Component("Opus", "BSD-3-Clause", ["native/opus.txt"], [_lib("opus")], "https://opus-codec.org"),
    Component("opusfile", "BSD-3-Clause", ["native/opusfile.txt"], [_lib("opusfile")], "https://opus-codec.org"),
    Component("WebP", "BSD-3-Clause", ["native/libwebp.txt"], [_lib("(webp|webpdemux|sharpyuv)")],
              "https://developers.google.com/speed/webp"),
    Component("WavPack", "BSD-3-Clause", ["native/WavPack.txt"], [_lib("wavpack")], "https://www.wavpack.com"),
    Component("HarfBuzz", "MIT", ["native/HarfBuzz.txt"], [_lib("harfbuzz")], "https://harfbuzz.github.io"),
    Component("Brotli", "MIT", ["native/brotli.txt"], [_lib("brotli(common|dec|enc)")],
              "https://github.com/google/brotli"),
    Component("FreeType", "FTL", ["native/FreeType.txt"], [_lib("freetype")], "https://freetype.org",
              note="Portions of this software are copyright The FreeType Project (https://freetype.org). "
                   "All rights reserved."),
    Component("libjpeg-turbo", "IJG AND BSD-3-Clause AND Zlib", ["native/libjpeg-turbo.txt"],
              [_lib("(jpeg|turbojpeg)")], "https://libjpeg-turbo.org",
              note="This software is based in part on the work of the Independent JPEG Group."),
    Component("LibTIFF", "libtiff", ["native/libtiff.txt"], [_lib("tiff")], "https://libtiff.gitlab.io/libtiff/"),
    Component("libpng", "libpng-2.0", ["native/libpng.txt"], [_lib("png(16)?")], "http://www.libpng.org"),
    Component("PortMidi", "MIT", ["native/PortMidi.txt"], [_lib("portmidi")], "https://github.com/PortMidi/portmidi"),
    Component("libxmp", "LGPL-2.1-or-later", ["native/libxmp.txt"], [_lib("xmp")], "https://github.com/libxmp/libxmp",
              lgpl=True),
    Component("FluidSynth", "LGPL-2.1-or-later", ["native/FluidSynth.txt"], [_lib("fluidsynth")],
              "https://github.com/FluidSynth/fluidsynth", lgpl=True),
    Component("mpg123", "LGPL-2.1-only", ["native/mpg123.txt"], [_lib("mpg123")], "https://www.mpg123.de", lgpl=True),
    Component("libsndfile", "LGPL-2.1-or-later", ["native/libsndfile.txt"], [_lib("sndfile")],
              "https://github.com/libsndfile/libsndfile", lgpl=True),
    Component("alsa-lib", "LGPL-2.1-or-later", ["native/alsa-lib.txt"], [_lib("asound")],
              "https://github.com/alsa-project/alsa-lib", lgpl=True),
    Component("libffi", "MIT", ["native/libffi.txt"], [_lib("ffi")], "https://sourceware.org/libffi/"),
    Component("zlib", "Zlib", ["native/zlib.txt"], [r"^(libz|zlib1?)([-.]|$)"], "https://zlib.net"),
]


PYTHON = next(c for c in COMPONENTS if c.name == "Python")


class MissingNotice(SystemExit):
    """Native files the notices do not cover: the build stops."""


# --- which files ---------------------------------------------------------------------------------
_MACHO = {b"\xfe\xed\xfa\xce", b"\xfe\xed\xfa\xcf", b"\xce\xfa\xed\xfe", b"\xcf\xfa\xed\xfe", b"\xca\xfe\xba\xbe"}


def is_native(path: Path) -> bool:
    """A program or shared library by its first bytes: ELF, Mach-O (or a universal one), or PE
    (a .dll, .pyd or .exe)."""
    try:
        with open(path, "rb") as f:
            head = f.read(4)
    except OSError:
        return False
    if head == b"\x7fELF" or head in _MACHO:
        return True
    return head[:2] == b"MZ" and path.suffix.lower() in (".dll", ".pyd", ".exe")


def shared_libraries(folder: Path) -> list[str]:
    """Every native file of a built app (or any folder), by its contents: regular files only
    (a symbolic link is the file it points to), as paths relative to ``folder``."""
    folder = Path(folder)
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*")
                  if p.is_file() and not p.is_symlink() and is_native(p))


def dropped(name: str) -> str | None:
    """Why a library is left out of the app, or None."""
    low = PurePosixPath(name.replace("\\", "/")).name.lower()
    return next((why for why, pat in DROPPED.items() if re.search(pat, low)), None)


def kept(toc):
    """A PyInstaller TOC (``(dest, source, type)`` entries) without the libraries the game does
    not use (``DROPPED``)."""
    return [entry for entry in toc if dropped(entry[0]) is None]


def component(name: str) -> Component | None:
    """The component a bundled file belongs to (``name``: its path inside the app)."""
    path = PurePosixPath(name.replace("\\", "/"))
    parts = [p.lower() for p in path.parts[:-1]]
    stem = path.name.split(".")[0].lower()
    if "lib-dynload" in parts or (not [p for p in parts if p not in ("_internal", "frameworks", "contents")]
                                  and stem in sys.stdlib_module_names
                                  and path.suffix.lower() in (".pyd", ".so")):
        return PYTHON                                      # Python's standard library
    for c in COMPONENTS:
        if c.matches(PurePosixPath(*parts, path.name.lower()) if parts else PurePosixPath(path.name)):
            return c
    return None


# --- the notices ---------------------------------------------------------------------------------
def _wheel_version(dist: str) -> str:
    try:
        from importlib.metadata import version

        return version(dist)
    except Exception:
        return "?"


def _source(c: Component) -> str:
    if c.packages:
        return (f"its source: the sdist of {c.name} on PyPI, and {c.upstream}; the app's copy is "
                f"{c.name} {_wheel_version(c.name)}")
    pg = _wheel_version("pygame-ce")
    return (f"its source: {c.upstream} (the release, and its version, that {PYGAME.split(' (')[0]} "
            f"{pg} builds: https://github.com/pygame-community/pygame-ce/tree/{pg}/buildconfig lists each "
            "library's version and source archive). It is a separate file that the app loads at run "
            "time: it may be replaced by another build of the same library.")


def write(out: Path, bundled: list[str], programs: list[str] = ()) -> Path:
    """Write the notices of ``bundled`` (the native files' paths inside the app) and the app's
    ``programs`` to ``out``; ``MissingNotice`` names any file no component covers (and any file
    ``DROPPED`` names, should one still be there)."""
    files = sorted(set(bundled) | set(programs))
    unknown = [f for f in files if component(f) is None]
    left = [f for f in files if dropped(f)]
    if unknown or left:
        raise MissingNotice("THIRD-PARTY-NOTICES: no notice for " + ", ".join(unknown + left)
                            + " (add it to tools/notices.py COMPONENTS, with its licence text in "
                              "licences/native/, or leave it out: DROPPED)")
    by: dict[str, list[str]] = {}
    for f in files:
        by.setdefault(component(f).name, []).append(PurePosixPath(f.replace("\\", "/")).name)
    lines = ["THIRD-PARTY NOTICES", "",
             "tikal-lan (MIT: LICENSE.txt) is built with PyInstaller and carries the native files",
             "below, each under its own licence. This file is written when the app is built, from",
             "the files it bundles (tools/notices.py). The Python packages' licences are in",
             "licences/ (licences/README.md).", "",
             "Left out on purpose: " + "; ".join(DROPPED) + ".", "",
             "=" * 78, "FILES", "=" * 78]
    width = max(len(f) for f in files) + 2
    for f in files:
        lines.append(f"{f.replace(chr(92), '/'):<{width}}{component(f).name}")
    for c in COMPONENTS:
        if c.name not in by:
            continue
        lines += ["", "=" * 78, f"{c.name} ({c.licence})", "=" * 78,
                  "files: " + ", ".join(sorted(set(by[c.name])))]
        if c.upstream:
            lines.append(f"upstream: {c.upstream}")
        if c.lgpl:
            lines.append(_source(c))
        if c.note:
            lines.append(c.note)
        for t in c.texts:
            path = LICENCES / t
            if t == "Python-PSF.txt":
                path = python_licence() or path
            if not path.is_file():
                raise MissingNotice(f"THIRD-PARTY-NOTICES: {c.name}'s licence text {path} is missing")
            lines += ["", path.read_text(encoding="utf-8", errors="replace").rstrip()]
    lines += ["", "=" * 78, "TEXTS THE RECORDS ABOVE REFER TO",
              "(by their Debian paths, /usr/share/common-licenses/...; the GPL texts some records",
              "name cover programs, tests and build scripts of those projects, which the app does",
              "not carry)", "=" * 78]
    for title, path in COMMON:
        lines += ["", f"--- {title} ---", "", path.read_text(encoding="utf-8").rstrip()]
    out = Path(out)
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def listed(text: str) -> set[str]:
    """The file names a notices file covers (its FILES section)."""
    body = text.split("FILES\n" + "=" * 78 + "\n", 1)[1].split("\n\n", 1)[0]
    return {PurePosixPath(line.split()[0]).name for line in body.splitlines() if line.strip()}


def uncovered(app: Path, text: str) -> list[str]:
    """The native files of a built ``app`` its notices (``text``) do not name."""
    names = listed(text)
    return [f for f in shared_libraries(app) if PurePosixPath(f).name not in names]


def python_licence() -> Path | None:
    """The building Python's own LICENSE.txt (the app carries that interpreter)."""
    import sysconfig

    for where in (Path(sysconfig.get_paths()["stdlib"]), Path(sys.base_prefix), Path(sys.base_prefix) / "Lib"):
        if (where / "LICENSE.txt").is_file():
            return where / "LICENSE.txt"
    return None
