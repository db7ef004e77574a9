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


def test_every_step_runs_a_script_of_the_project():
    """Only the runner differs from here: each `run:` is one of the project's scripts, and the legs
    cover Windows, macOS and the oldest supported Ubuntu (glibc 2.35)."""
    text = WORKFLOW.read_text(encoding="utf-8")
    runs = [line.split("run:", 1)[1].strip() for line in text.splitlines()
            if line.strip().startswith("run:")]
    assert len(runs) == 2, runs
    for cmd in runs:
        script = cmd.split()[1]
        assert cmd.split()[0] in ("python", "python3") and (ROOT / script).is_file(), cmd
    assert "os: [windows-latest, macos-latest, ubuntu-22.04]" in text
    assert 'tags: ["v*"]' in text and "workflow_dispatch:" in text


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


def test_a_leg_refuses_an_archive_without_the_licences(tmp_path):
    import build_app
    import release_leg

    app = tmp_path / build_app.APP
    (app / "licences").mkdir(parents=True)
    build_app.executable(app).write_bytes(b"program")
    for f in ("README.md", "pygame-ce-LGPL-2.1.txt", "SDL-zlib.txt", "zeroconf-LGPL-2.1.txt",
              "Python-PSF.txt"):
        (app / "licences" / f).write_text("text")
    name = tmp_path / f"tikal-lan-{build_app.version()}-linux-x86_64.tar.gz"
    with tarfile.open(name, "w:gz") as t:
        t.add(app, arcname=app.name)
    with pytest.raises(SystemExit, match="LICENSE.txt"):
        release_leg.check_archive(name)
    (app / "LICENSE.txt").write_text("MIT")
    with tarfile.open(name, "w:gz") as t:
        t.add(app, arcname=app.name)
    release_leg.check_archive(name)


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
