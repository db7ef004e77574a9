"""What a stranger downloads (issue 21): the release workflow (.github/workflows/release.yml)
passes actionlint and runs only the project's own scripts; the licences go into the wheel; the
icon files are what Windows and macOS read; both commands say their version and, in their
messages, the command they were started as."""
import os
import shutil
import struct
import subprocess
import sys
import tarfile
from pathlib import Path

import pygame
import pytest

from waiting import HANG

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
sys.path.insert(0, str(ROOT / "tools"))


def actionlint() -> str | None:
    here = Path(sys.executable).parent / ("actionlint" + (".exe" if os.name == "nt" else ""))
    return str(here) if here.is_file() else shutil.which("actionlint")


def test_the_release_workflow_passes_actionlint():
    tool = actionlint()
    if tool is None:
        pytest.skip("actionlint is not installed (the test extras bring it: pip install -e '.[test]')")
    r = subprocess.run([tool, "-no-color", str(WORKFLOW)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr


def test_actionlint_finds_a_broken_workflow(tmp_path):
    """The check above can fail: an unknown runner label and a bad expression are reported."""
    tool = actionlint()
    if tool is None:
        pytest.skip("actionlint is not installed")
    broken = tmp_path / ".github" / "workflows" / "broken.yml"
    broken.parent.mkdir(parents=True)
    broken.write_text(WORKFLOW.read_text(encoding="utf-8").replace("${{ matrix.os }}", "${{ matrix.oss }}"))
    r = subprocess.run([tool, "-no-color", str(broken)], capture_output=True, text=True, timeout=120)
    assert r.returncode != 0 and "oss" in r.stdout


def steps(text: str) -> list[tuple[str, str, str]]:
    """(job, what, line) for every `uses:` and `run:` of a workflow, in order."""
    out, job = [], None
    for line in text.splitlines():
        if line.startswith("  ") and not line.startswith("   ") and line.rstrip().endswith(":"):
            job = line.strip()[:-1]
        stripped = line.strip().lstrip("- ")
        for what in ("uses:", "run:", "needs:", "if:"):
            if stripped.startswith(what):
                out.append((job, what[:-1], stripped.split(":", 1)[1].strip()))
    return out


def test_every_step_runs_a_script_of_the_project():
    """Only the runner differs from here: each `run:` is one of the project's scripts (or the
    macOS seal check), and the legs cover Windows, both kinds of Mac and the oldest supported
    Ubuntu (glibc 2.35)."""
    text = WORKFLOW.read_text(encoding="utf-8")
    runs = [line for _, what, line in steps(text) if what == "run"]
    assert len(runs) == 5, runs
    for cmd in runs:
        if cmd.startswith("codesign "):
            continue
        script = cmd.split()[1]
        assert cmd.split()[0] in ("python", "python3", "bash") and (ROOT / script).is_file(), cmd
    assert "os: [windows-latest, macos-latest, macos-15-intel, ubuntu-22.04]" in text
    assert 'tags: ["v*"]' in text and "workflow_dispatch:" in text


#: The first major of each action that runs on Node 24 (Node 20 leaves GitHub's runners in 2026).
NODE24 = {"actions/checkout": 5, "actions/setup-python": 6, "actions/upload-artifact": 6,
          "actions/download-artifact": 7}


def test_the_actions_are_majors_that_run_on_node_24():
    uses = [line for _, what, line in steps(WORKFLOW.read_text(encoding="utf-8")) if what == "uses"]
    assert {u.split("@")[0] for u in uses} == set(NODE24), uses
    for u in uses:
        name, ref = u.split("@")
        assert ref.startswith("v") and int(ref[1:].split(".")[0]) >= NODE24[name], u


def test_a_release_waits_for_the_version_check_and_the_suite():
    """The tag is checked against pyproject.toml and the whole suite runs (.ci/run) before any
    leg builds; the release waits for every leg."""
    all_steps = steps(WORKFLOW.read_text(encoding="utf-8"))
    test = [(what, line) for job, what, line in all_steps if job == "test"]
    runs = [line for what, line in test if what == "run"]
    assert runs == ['python3 tools/check_tag.py "${GITHUB_REF_NAME}"', "bash .ci/run"], runs
    assert ("needs", "test") in [(what, line) for job, what, line in all_steps if job == "app"]
    assert ("needs", "app") in [(what, line) for job, what, line in all_steps if job == "release"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pytest" in ci


def test_the_tag_must_be_the_version():
    import check_tag

    v = check_tag.version()
    assert check_tag.check(f"v{v}") is None
    for bad in (v, f"v{v}.1", "v0.0.0-" + v, f"V{v}"):
        assert "pyproject.toml" in check_tag.check(bad), bad
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "check_tag.py"), "v999.0"], capture_output=True,
                       text=True, timeout=HANG)
    assert r.returncode == 1 and "v999.0" in r.stderr
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "check_tag.py"), f"v{v}"], capture_output=True,
                       text=True, timeout=HANG)
    assert r.returncode == 0, r.stderr


def test_the_macos_leg_checks_the_seal():
    """A `codesign --verify --deep --strict` step on the macOS runners, and the leg's own check of
    the bundle as built and as unpacked (a fake codesign here: it is called so, and its refusal
    stops the leg)."""
    all_steps = steps(WORKFLOW.read_text(encoding="utf-8"))
    app_steps = [(what, line) for job, what, line in all_steps if job == "app"]
    i = app_steps.index(("run", "codesign --verify --deep --strict --verbose=2 dist/tikal-lan.app"))
    assert app_steps[i - 1] == ("if", "runner.os == 'macOS'")
    assert app_steps.index(("run", next(line for what, line in app_steps if "release_leg" in line))) < i


def _fake_tool(folder: Path, name: str, body: str) -> None:
    tool = folder / name
    tool.write_text("#!/bin/sh\n" + body)
    tool.chmod(0o755)


@pytest.mark.skipif(os.name == "nt", reason="a shell script stands for the tool")
def test_verify_seal_calls_codesign_and_stops_on_a_broken_seal(tmp_path, monkeypatch):
    import release_leg

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "calls"
    _fake_tool(bin_dir, "codesign", f'echo "$@" >> {log}\n'
               'case "$*" in *broken*) echo "a sealed resource is missing or invalid" >&2; exit 1;; esac\n')
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    release_leg.verify_seal(tmp_path / "tikal-lan.app")
    assert log.read_text().split() == ["--verify", "--deep", "--strict", "--verbose=2", str(tmp_path / "tikal-lan.app")]
    with pytest.raises(SystemExit, match="sealed resource"):
        release_leg.verify_seal(tmp_path / "broken.app")


@pytest.mark.skipif(os.name == "nt", reason="a shell script stands for gh")
def test_publish_can_run_again_after_a_partial_publish(tmp_path, monkeypatch):
    """The first run creates the release and uploads; a second run (say the first stopped during
    the uploads) does not create it again and replaces what is there (--clobber)."""
    import check_tag
    import publish_release

    leg = tmp_path / "leg"
    leg.mkdir()
    name = f"tikal-lan-{check_tag.version()}-linux-x86_64-glibc2.35.tar.gz"
    (leg / name).write_bytes(b"x")
    (leg / "attach.txt").write_text(name + "\n")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log, made = tmp_path / "calls", tmp_path / "made"
    _fake_tool(bin_dir, "gh", f"""echo "$1 $2 $3 $4" >> {log}
case "$2" in
  view) [ -f {made} ] || exit 1 ;;
  create) touch {made} ;;
esac
""")
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    tag = f"v{check_tag.version()}"
    sums = ["--sums", str(tmp_path)]
    assert publish_release.main(["--tag", tag, *sums, str(leg)]) == 0
    assert publish_release.main(["--tag", tag, *sums, str(leg)]) == 0
    calls = log.read_text().splitlines()
    assert calls == [f"release view {tag} --json", f"release create {tag} --verify-tag",
                     f"release upload {tag} --clobber", f"release view {tag} --json",
                     f"release upload {tag} --clobber"], calls
    with pytest.raises(SystemExit, match="pyproject.toml"):
        publish_release.main(["--tag", "v999.0", *sums, str(leg)])


def test_publish_attaches_what_the_legs_listed(tmp_path):
    import publish_release

    legs = []
    for name in ("tikal-lan-0.1.0-windows-amd64.zip", "tikal-lan-0.1.0-linux-x86_64.tar.gz"):
        leg = tmp_path / name.split("-")[3]
        leg.mkdir()
        (leg / name).write_bytes(b"x")
        (leg / "attach.txt").write_text(name + "\n")
        legs.append(leg)
    assert [f.name for f in publish_release.files_of(legs)] == [
        "tikal-lan-0.1.0-linux-x86_64.tar.gz", "tikal-lan-0.1.0-windows-amd64.zip"]
    (legs[0] / "attach.txt").write_text("missing.zip\n")
    with pytest.raises(SystemExit, match="missing.zip is listed but missing"):
        publish_release.files_of(legs)


def _wheel_libraries() -> list[Path]:
    """The native libraries pygame-ce's installed wheel brought (real ELF files, Linux)."""
    import pygame as pg

    return sorted((Path(pg.__file__).parent.parent / "pygame_ce.libs").glob("*.so*"))


def _fake_app(tmp_path: Path, libs: list[Path]) -> Path:
    """An app folder laid out as PyInstaller lays out the Linux one: the programs (real ELF
    files), the licences and the notices (tools/notices.py) of ``libs``, copied in."""
    import build_app
    import notices

    app = tmp_path / "app" / build_app.APP
    data = app / "_internal"
    (data / "licences").mkdir(parents=True)
    (data / "LICENSE.txt").write_text("MIT")
    for f in ("README.md", "pygame-ce-LGPL-2.1.txt", "SDL-zlib.txt", "zeroconf-LGPL-2.1.txt"):
        shutil.copy2(ROOT / "licences" / f, data / "licences" / f)
    for prog in ("tikal-lan", "tikal-host"):                # any ELF file stands for a program
        (app / prog).write_bytes(libs[0].read_bytes() + prog.encode())
    bundled = []
    for lib in libs:
        shutil.copy2(lib, data / lib.name)
        bundled.append(lib.name)
    notices.write(data / notices.NAME, bundled, ["tikal-lan", "tikal-host"])
    return app


def _archive(app: Path, glibc: str | None = None) -> Path:
    import build_app

    tag = "linux-x86_64-glibc{}.{}".format(*build_app.glibc_needed(app)) if glibc is None else glibc
    name = app.parent.parent / f"tikal-lan-{build_app.version()}-{tag}.tar.gz"
    with tarfile.open(name, "w:gz", compresslevel=1) as t:      # the fastest: packed 8 times
        t.add(app, arcname=app.name)
    return name


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ELF libraries of the Linux wheel")
def test_a_leg_checks_the_licences_the_notices_and_the_name_of_an_archive(tmp_path):
    """What a guest unpacks is checked as the release leg checks it: a whole archive passes; one
    without LICENSE.txt, with a native library its notices do not name, with a library twice,
    with one the game leaves out, or whose name hides the glibc it needs, is refused."""
    import notices
    import release_leg

    libs = _wheel_libraries()
    assert len(libs) > 10, libs
    app = _fake_app(tmp_path, libs)
    release_leg.check_archive(_archive(app))
    data = app / "_internal"

    (data / "LICENSE.txt").unlink()
    with pytest.raises(SystemExit, match="LICENSE.txt"):
        release_leg.check_archive(_archive(app))
    (data / "LICENSE.txt").write_text("MIT")

    stray = data / "libmystery.so.1"
    shutil.copy2(libs[0], stray)
    stray.write_bytes(stray.read_bytes() + b"another library")
    with pytest.raises(SystemExit, match="does not name.*libmystery"):
        release_leg.check_archive(_archive(app))
    stray.unlink()

    (data / "pygame_ce.libs").mkdir()
    shutil.copy2(libs[1], data / "pygame_ce.libs" / libs[1].name)      # the same file, twice
    with pytest.raises(SystemExit, match="twice"):
        release_leg.check_archive(_archive(app))
    shutil.rmtree(data / "pygame_ce.libs")

    cpp = data / "libstdc++.so.6"
    shutil.copy2(libs[0], cpp)
    cpp.write_bytes(cpp.read_bytes() + b"c++")
    text = (data / notices.NAME).read_text()
    (data / notices.NAME).write_text(text.replace("FILES\n" + "=" * 78 + "\n",
                                                  "FILES\n" + "=" * 78 + "\nlibstdc++.so.6  x\n"))
    with pytest.raises(SystemExit, match="left out on purpose"):
        release_leg.check_archive(_archive(app))
    cpp.unlink()
    (data / notices.NAME).write_text(text)

    with pytest.raises(SystemExit, match="its name does not say so"):
        release_leg.check_archive(_archive(app, glibc="linux-x86_64"))


def test_the_notices_stop_the_build_on_a_library_without_one(tmp_path):
    import notices

    with pytest.raises(notices.MissingNotice, match="libmystery.so.1"):
        notices.write(tmp_path / "n.txt", ["libSDL2-2-50d19f93.0.so.0.3200.10", "libmystery.so.1"], ["tikal-lan"])
    with pytest.raises(notices.MissingNotice, match="libssl.so.3"):
        notices.write(tmp_path / "n.txt", ["libssl.so.3"], ["tikal-lan"])
    out = notices.write(tmp_path / "n.txt", ["libfluidsynth-2d6ca569.so.3.5.6", "pygame/base.cp311-win_amd64.pyd",
                                             "_socket.pyd", "SDL2_mixer.dll", "libFLAC.14.dylib"], ["tikal-lan.exe"])
    text = out.read_text()
    assert notices.listed(text) == {"libfluidsynth-2d6ca569.so.3.5.6", "base.cp311-win_amd64.pyd", "_socket.pyd",
                                    "SDL2_mixer.dll", "libFLAC.14.dylib", "tikal-lan.exe"}
    # the LGPL library says where its source is, and carries its licence text and the LGPL's
    fluid = text.split("FluidSynth (LGPL-2.1-or-later)", 1)[1]
    assert "its source: https://github.com/FluidSynth/fluidsynth" in fluid
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text and "Version 2.1, February 1999" in text
    assert "Xiph" in text.split("FLAC (BSD-3-Clause)", 1)[1][:3000]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ELF libraries of the Linux wheels")
def test_every_native_library_of_the_installed_wheels_has_a_notice():
    """What PyInstaller takes from this environment (pygame-ce's libraries and extension modules,
    msgpack's and zeroconf's compiled modules, the interpreter's) is covered by tools/notices.py,
    found by their contents the way the build and the release leg find them."""
    import sysconfig

    import msgpack
    import notices
    import pygame as pg
    import websockets
    import zeroconf

    site = Path(pg.__file__).parent.parent
    found = [f for f in notices.shared_libraries(site / "pygame_ce.libs")]
    for package in (pg, msgpack, zeroconf, websockets):
        found += [f"{package.__name__}/" + f for f in notices.shared_libraries(Path(package.__file__).parent)]
    dynload = Path(sysconfig.get_paths()["platstdlib"]) / "lib-dynload"
    found += [f"python3/lib-dynload/{f}" for f in notices.shared_libraries(dynload)]
    assert len(found) > 40 and any("fluidsynth" in f for f in found)
    missing = [f for f in found if notices.component(f) is None and not notices.dropped(f)]
    assert not missing, missing
    assert notices.component("python3.11/lib-dynload/_json.cpython-311-x86_64-linux-gnu.so").name == "Python"
    assert notices.component("libpython3.11.so.1.0").name == "Python"
    assert notices.component("pygame/.dylibs/libSDL2-2.0.0.dylib").name.startswith("SDL")   # not pygame-ce's own


def test_the_icon_files_hold_the_drawn_icon(tmp_path):
    from game.icon import ICNS_TYPES, ICO_SIZES, icon_files

    files = icon_files(tmp_path)
    png = pygame.image.load(str(files["png"]))
    assert png.get_size() == (256, 256)
    colours = {tuple(png.get_at((x, y))) for x in range(0, 256, 4) for y in range(0, 256, 4)}
    assert len(colours) > 50 and png.get_at((0, 0)).a == 0     # drawn, transparent around the tile
    ico = files["ico"].read_bytes()
    assert struct.unpack("<HHH", ico[:6]) == (0, 1, len(ICO_SIZES))
    for i, size in enumerate(ICO_SIZES):
        w, h, _, _, _, _, length, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * i:22 + 16 * i])
        assert (w or 256, h or 256) == (size, size)
        assert ico[offset:offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + length <= len(ico)
    icns = files["icns"].read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    at, codes = 8, []
    while at < len(icns):
        codes.append(icns[at:at + 4])
        assert icns[at + 8:at + 16] == b"\x89PNG\r\n\x1a\n"
        at += struct.unpack(">I", icns[at + 4:at + 8])[0]
    assert at == len(icns) and codes == list(ICNS_TYPES)


def test_the_licences_are_in_the_repository_for_every_dependency():
    import tomllib

    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert meta["license"] == "MIT" and "MIT License" in (ROOT / "LICENSE").read_text()
    assert meta["license-files"] == ["LICENSE", "licences/*"]
    texts = {p.name for p in (ROOT / "licences").iterdir()}
    for dep in meta["dependencies"]:
        name = dep.split(">")[0].split("<")[0].split("=")[0].split("[")[0].strip()
        assert any(t.startswith(name + "-") for t in texts), (name, texts)
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in (ROOT / "licences" / "pygame-ce-LGPL-2.1.txt").read_text()
    assert "Sam Lantinga" in (ROOT / "licences" / "SDL-zlib.txt").read_text()


def _run(argv0: str, *args, env=None):
    """A command as if started under the name ``argv0`` (how the installed scripts and the app
    start: sys.argv[0] is their own name)."""
    module = "tikal_lan.host" if "host" in argv0 or argv0 == "run_host.py" else "tikal_lan.window"
    code = f"import sys; sys.argv[0] = {argv0!r}; from {module} import main; sys.exit(main())"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          timeout=HANG, cwd=ROOT, env=env)


def test_both_commands_say_their_version():
    from net.about import version

    v = version()
    assert v == __import__("tomllib").loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    for argv0, args, said in [("tikal-host", [], "tikal-host"), ("tikal-lan", [], "tikal-lan"),
                              ("tikal-lan", ["host"], "tikal-lan host"),
                              ("/opt/app/tikal-lan.exe", [], "tikal-lan"),
                              ("run_host.py", [], "python run_host.py")]:
        r = _run(argv0, *args, "--version")
        assert r.returncode == 0 and r.stdout.strip() == f"{said} {v}", (argv0, r.stdout, r.stderr)


def test_messages_name_the_command_that_was_started(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    for argv0, args, cmd, window in [("tikal-host", [], "tikal-host", "tikal-lan"),
                                     ("tikal-lan", ["host"], "tikal-lan host", "tikal-lan"),
                                     ("run_host.py", [], "python run_host.py", "python run_client.py")]:
        r = _run(argv0, *args, "--no-announce", "--log-file", "", "--data-dir", str(tmp_path), env=env)
        assert r.returncode == 2, r.stderr
        assert f"{cmd}: no display found" in r.stderr and f"    {cmd} --headless\n" in r.stderr
        assert f"players join with `{window}`" in r.stderr
        if argv0 != "run_host.py":
            assert "run_host" not in r.stderr and "run_client" not in r.stderr and "python" not in r.stderr
    r = _run("tikal-lan", "--screenshot", str(tmp_path / "x.png"), "--scene", "nope")
    assert r.returncode == 2 and r.stderr.startswith("tikal-lan: unknown scene") and "run_" not in r.stderr


def test_a_linux_leg_reads_the_glibc_its_app_needs(tmp_path):
    import release_leg

    app = tmp_path / "tikal-lan"
    (app / "_internal").mkdir(parents=True)
    (app / "tikal-lan").write_bytes(b"\x7fELF...GLIBC_2.2.5\x00GLIBC_2.17\x00")
    (app / "_internal" / "libpython3.11.so.1.0").write_bytes(b"\x7fELF...GLIBC_2.34\x00GLIBC_2.3\x00")
    (app / "_internal" / "notes.txt").write_bytes(b"GLIBC_2.99")          # not a program: not read
    assert release_leg.glibc_needed(app) == (2, 34)


def test_the_windowed_app_without_a_console_does_not_crash_on_its_first_print(tmp_path):
    """The Windows app has no console: started by a double-click its sys.stdout and sys.stderr
    are None (as here); the headless host still plays a game out."""
    code = ("import sys; sys.stdout = sys.stderr = None; from tikal_lan.window import main; "
            f"rc = main(['host', '--headless', '--no-announce', '--bind', '127.0.0.1', '--port', '0', "
            f"'--game', 'tortuga', '--seats', '2', '--bots', '2', '--log-file', '', "
            f"'--data-dir', {str(tmp_path)!r}]); "
            "open(sys.argv[1], 'w').write(str(rc))")
    done = tmp_path / "rc"
    r = subprocess.run([sys.executable, "-c", code, str(done)], capture_output=True, text=True,
                       timeout=120, cwd=ROOT)
    assert r.returncode == 0 and done.read_text() == "0", r.stderr[-3000:]
    assert (tmp_path / "table-1.journal").stat().st_size > 0           # the bots played it out
    # and the streams it writes to are real files then (the parent's console on Windows, else
    # nowhere), for code that writes to them directly
    code = ("import sys; sys.stdout = sys.stderr = None; from tikal_lan.window import no_console_no_crash; "
            "no_console_no_crash(); sys.stdout.write('x'); sys.stderr.write('y'); sys.stdout.flush(); "
            "open(sys.argv[1], 'w').write(sys.stdout.name)")
    r = subprocess.run([sys.executable, "-c", code, str(done)], capture_output=True, text=True,
                       timeout=HANG, cwd=ROOT)
    assert r.returncode == 0 and done.read_text() == os.devnull, r.stderr[-3000:]


class _Spec:
    """PyInstaller's spec objects, recording what the spec asks of them (tools/tikal-lan.spec is
    run as PyInstaller runs it, with these in its namespace)."""

    def __init__(self):
        self.made = []
        spec = self

        class Thing:
            def __init__(self, *args, **kw):
                self.args, self.kw = args, kw
                spec.made.append(self)

        class Analysis(Thing):
            def __init__(self, scripts, **kw):
                super().__init__(scripts, **kw)
                self.scripts = [("pyi_rth", "rth.py", "PYSOURCE"), (Path(scripts[0]).stem, scripts[0], "PYSOURCE")]
                self.pure = []
                self.datas = [("assets/x", "x", "DATA")]
                self.binaries = [("libSDL2-2-50d19f93.0.so.0.3200.10", "/w/libSDL2", "BINARY"),
                                 ("libstdc++.so.6", "/usr/lib/libstdc++.so.6", "BINARY"),
                                 ("libssl.so.3", "/usr/lib/libssl.so.3", "BINARY"),
                                 ("python3.11/lib-dynload/_json.cpython-311-x86_64-linux-gnu.so", "/p/_json", "BINARY")]

        self.names = {n: type(n, (Thing,), {}) for n in ("PYZ", "EXE", "COLLECT", "BUNDLE")}
        self.names["Analysis"] = Analysis

    def of(self, kind):
        return [t for t in self.made if type(t).__name__ == kind]


def run_spec(platform: str, tmp_path, monkeypatch) -> _Spec:
    import types

    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = lambda pkg: [pkg]
    hooks.copy_metadata = lambda dist: []
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.setenv("TIKAL_LAN_WORK", str(tmp_path))
    spec = _Spec()
    path = ROOT / "tools" / "tikal-lan.spec"
    code = compile(path.read_text(encoding="utf-8"), str(path), "exec")
    import sysconfig

    sysconfig.get_config_vars()         # read once for this system (it is cached), then pretend
    monkeypatch.setattr(sys, "platform", platform)
    try:
        exec(code, {"SPECPATH": str(path.parent), "__file__": str(path), **spec.names})
    finally:
        monkeypatch.undo()
    return spec


@pytest.mark.parametrize("platform", ["darwin", "win32", "linux"])
def test_the_spec_seals_the_licences_in_and_builds_the_right_programs(platform, tmp_path, monkeypatch):
    """tools/tikal-lan.spec as PyInstaller runs it: the licences and the notices are data of the
    COLLECT that the macOS BUNDLE seals (nothing is copied in after it); the bundle's Info.plist
    asks for the local network with the game's Bonjour service; the window program is windowed on
    Windows and macOS, a console program on Linux; tikal-host is a console program everywhere;
    the C++ runtime and OpenSSL are left out."""
    from net.discovery import SERVICE_TYPE

    spec = run_spec(platform, tmp_path, monkeypatch)
    exes = {e.kw["name"]: e for e in spec.of("EXE")}
    assert set(exes) == {"tikal-lan", "tikal-host"}
    assert exes["tikal-lan"].kw["console"] is (platform == "linux")
    assert exes["tikal-host"].kw["console"] is True
    [coll] = spec.of("COLLECT")
    assert coll.args[0] is exes["tikal-lan"] and coll.args[1] is exes["tikal-host"]
    binaries = [dest for dest, _, _ in coll.args[2]]
    assert "libSDL2-2-50d19f93.0.so.0.3200.10" in binaries
    assert "libstdc++.so.6" not in binaries and "libssl.so.3" not in binaries
    datas = {dest: src for dest, src, _ in coll.args[3]}
    assert datas["LICENSE.txt"] == str(ROOT / "LICENSE")
    assert {"licences/README.md", "licences/pygame-ce-LGPL-2.1.txt", "THIRD-PARTY-NOTICES.txt"} <= set(datas)
    notes = Path(datas["THIRD-PARTY-NOTICES.txt"]).read_text()
    import notices

    assert notices.listed(notes) == {"libSDL2-2-50d19f93.0.so.0.3200.10", "_json.cpython-311-x86_64-linux-gnu.so",
                                     "tikal-lan", "tikal-host"}
    bundles = spec.of("BUNDLE")
    if platform != "darwin":
        assert not bundles
        return
    [bundle] = bundles
    assert bundle.args[0] is coll                       # the bundle is made of (and seals) all of it
    plist = bundle.kw["info_plist"]
    assert plist["NSBonjourServices"] == ["_tikal-lan._tcp"] == [SERVICE_TYPE.removesuffix(".local.")]
    assert "local network" in plist["NSLocalNetworkUsageDescription"].lower()


def test_the_build_copies_nothing_into_the_app_after_pyinstaller():
    """A file added to a signed macOS bundle breaks its seal: tools/build_app.py only reads the
    app once PyInstaller made it (everything goes in through the spec)."""
    import inspect

    import build_app

    source = inspect.getsource(build_app)
    assert "copy" not in source and "write_text" not in source and "write_bytes" not in source


def test_the_package_metadata_says_who_what_and_for_which_pythons():
    """Issue 30: classifiers (the Python versions the suite runs on, from requires-python up;
    the systems; the languages of the window), the authors as LICENSE names them, and no
    invented address: [project.urls] only once the project has a public home."""
    import tomllib

    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    lowest = meta["requires-python"].removeprefix(">=")
    pythons = [c.rsplit(" :: ", 1)[1] for c in meta["classifiers"]
               if c.startswith("Programming Language :: Python :: 3.")]
    assert pythons and pythons[0] == lowest and all(tuple(map(int, p.split("."))) >= (3, 11) for p in pythons)
    # the Python running this suite is one the classifiers name (a new one: add it once it passes)
    assert f"{sys.version_info.major}.{sys.version_info.minor}" in pythons
    from assets.i18n import LANGUAGES

    names = {"en": "English", "ru": "Russian", "cs": "Czech", "it": "Italian"}
    assert {f"Natural Language :: {names[lang]}" for lang in LANGUAGES} <= set(meta["classifiers"])
    assert "Topic :: Games/Entertainment :: Board Games" in meta["classifiers"]
    assert not any(c.startswith("License ::") for c in meta["classifiers"])     # the licence: `license`
    [author] = meta["authors"]
    assert f"Copyright (c) 2026 {author['name']}" in (ROOT / "LICENSE").read_text()
    assert "urls" not in meta


@pytest.mark.skipif(not sys.platform.startswith("linux") or shutil.which("objdump") is None,
                    reason="ELF files and binutils' objdump")
def test_the_glibc_a_linux_app_needs_is_what_objdump_reads_from_its_files(tmp_path):
    """The build names a Linux archive after the newest GLIBC_ symbol version its native files
    refer to; the same figure as `objdump -T` lists for the real libraries of the wheels (and the
    interpreter), copied into an app folder."""
    import re

    import build_app

    app = tmp_path / "tikal-lan"
    app.mkdir()
    libs = _wheel_libraries()
    libpython = Path(sys.base_prefix) / "lib" / f"libpython{sys.version_info.major}.{sys.version_info.minor}.so.1.0"
    for lib in libs + ([libpython] if libpython.is_file() else []):
        shutil.copy2(lib, app / lib.name)
    newest = (2, 0)
    for f in app.iterdir():
        out = subprocess.run(["objdump", "-T", str(f)], capture_output=True, text=True, timeout=HANG).stdout
        for minor in re.findall(r"GLIBC_2\.(\d+)", out):
            newest = max(newest, (2, int(minor)))
    assert newest > (2, 5)
    assert build_app.glibc_needed(app) == newest
