"""The release's last job as it runs (issue 41): its Python is pyproject.toml's floor (the runner's
own python3 is older on ubuntu-22.04, where the scripts' ``tomllib`` is missing), its command runs
`tools/publish_release.py --dry-run` from a checkout on a fake ``artifacts/`` with that Python, and
the ``SHA256SUMS`` it writes is what ``sha256sum -c`` checks. The tools refuse an older Python with
a sentence, not a traceback."""
import glob
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from waiting import HANG

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
sys.path.insert(0, str(ROOT / "tools"))

#: ``python3`` of GitHub's runner images when no actions/setup-python step chose one (their
#: published software lists: Ubuntu 22.04 ships 3.10, Ubuntu 24.04 3.12); a runner not listed
#: here must set its Python up.
RUNNER_PYTHON = {"ubuntu-22.04": (3, 10), "ubuntu-24.04": (3, 12)}


def floor() -> tuple[int, int]:
    import python_floor

    return python_floor.floor()


def jobs(text: str) -> dict[str, list[str]]:
    """The lines of each job of a workflow (``jobs:``' two-space keys)."""
    out: dict[str, list[str]] = {}
    inside, job = False, None
    for line in text.splitlines():
        if line.startswith("jobs:"):
            inside = True
        elif inside and re.match(r"^  [A-Za-z0-9_-]+:\s*$", line):
            job = line.strip()[:-1]
            out[job] = []
        elif inside and job and (line.startswith("    ") or not line.strip()):
            out[job].append(line)
        elif inside and line.strip() and not line.startswith(" "):
            inside = False
    return out


def job_python(lines: list[str], before: int) -> tuple[tuple[int, int], str]:
    """The Python a job's ``python``/``python3`` is at its line ``before``: the version the last
    actions/setup-python before it set up, else the runner image's own; and where that came from."""
    version = None
    for i, line in enumerate(lines[:before]):
        if "uses: actions/setup-python@" in line:
            m = next((re.search(r'python-version:\s*"?(\d+)\.(\d+)', x) for x in lines[i + 1:i + 4]
                      if "python-version" in x), None)
            assert m, f"actions/setup-python without a python-version: {line.strip()}"
            version = (int(m.group(1)), int(m.group(2)))
    if version:
        return version, "actions/setup-python"
    runner = next(x.split(":", 1)[1].strip() for x in lines if x.strip().startswith("runs-on:"))
    assert runner in RUNNER_PYTHON, f"runs-on {runner}: its python3 is not known here: set one up (setup-python)"
    return RUNNER_PYTHON[runner], f"the {runner} runner's own python3"


def script_runs(text: str) -> list[tuple[str, str, tuple[int, int], str]]:
    """(job, command, its Python, where that Python came from) for every `run:` of a project
    script through python or python3."""
    out = []
    for job, lines in jobs(text).items():
        for i, line in enumerate(lines):
            m = re.match(r"\s*(?:- )?run:\s*(python3?\s+\S+\.py.*)$", line)
            if m:
                version, why = job_python(lines, i)
                out.append((job, m.group(1), version, why))
    return out


def test_every_job_runs_the_scripts_with_the_python_they_need():
    """The release job on ubuntu-22.04 without setup-python ran the runner's Python 3.10: its
    `publish_release.py` (through check_tag.py's tomllib) failed after four apps were built."""
    runs = script_runs(WORKFLOW.read_text(encoding="utf-8"))
    assert {job for job, *_ in runs} == {"test", "app", "release"}, runs
    for job, cmd, version, why in runs:
        assert version >= floor(), (f"{job}: `{cmd}` runs on Python {version[0]}.{version[1]} ({why}); "
                                    f"the scripts need {floor()[0]}.{floor()[1]}")


def test_the_check_finds_a_job_without_its_python():
    """The check above on the workflow as it was: the release job's python3 is the runner's 3.10."""
    text = WORKFLOW.read_text(encoding="utf-8")
    release = text[text.index("\n  release:"):]
    without = text.replace(release, re.sub(r"      - uses: actions/setup-python@\S+\n        with:\n"
                                           r"          python-version: \S+\n", "", release))
    assert without != text
    [(job, _, version, why)] = [r for r in script_runs(without) if r[0] == "release"]
    assert version == (3, 10) < floor() and "ubuntu-22.04" in why


def interpreter(version: tuple[int, int]) -> str | None:
    """A plain Python of ``version`` on this machine (not this suite's virtual environment, whose
    packages a bare runner lacks): the base of this one, one on the PATH, or pyenv's."""
    name = f"python{version[0]}.{version[1]}"
    pyenv = os.environ.get("PYENV_ROOT", str(Path.home() / ".pyenv"))
    candidates = [str(Path(sys.base_prefix) / "bin" / name), shutil.which(name) or "",
                  *sorted(glob.glob(f"{pyenv}/versions/{version[0]}.{version[1]}.*/bin/{name}")),
                  f"/usr/bin/{name}"]
    for c in candidates:
        if c and Path(c).is_file():
            r = subprocess.run([c, "-c", "import sys; print(*sys.version_info[:2])"], capture_output=True,
                               text=True, timeout=HANG)
            if r.returncode == 0 and r.stdout.split() == [str(version[0]), str(version[1])]:
                return c
    return None


def checkout(tmp: Path) -> Path:
    """A checkout as the job has it: the repository's top level (linked, not copied)."""
    root = tmp / "checkout"
    root.mkdir()
    for entry in ROOT.iterdir():
        if entry.name not in (".git", ".venv", "build", "dist", "artifacts", "SHA256SUMS"):
            (root / entry.name).symlink_to(entry)
    return root


def fake_artifacts(root: Path) -> dict[str, bytes]:
    """``artifacts/app-<os>/``, one per leg of the workflow's matrix, as actions/download-artifact
    lays them out, each with its archive (and the Linux leg's wheel) and attach.txt; the files'
    contents by name."""
    import check_tag

    text = WORKFLOW.read_text(encoding="utf-8")
    legs = re.search(r"os: \[(.+)\]", text).group(1).split(", ")
    assert "name: app-${{ matrix.os }}" in text
    v = check_tag.version()
    names = {"windows-latest": [f"tikal-lan-{v}-windows-amd64.zip"],
             "macos-latest": [f"tikal-lan-{v}-macos-arm64.tar.gz"],
             "macos-15-intel": [f"tikal-lan-{v}-macos-x86_64.tar.gz"],
             "ubuntu-22.04": [f"tikal-lan-{v}-linux-x86_64-glibc2.35.tar.gz", f"tikal_lan-{v}-py3-none-any.whl"]}
    files = {}
    for i, leg in enumerate(legs):
        folder = root / "artifacts" / f"app-{leg}"
        folder.mkdir(parents=True)
        for name in names[leg]:
            body = os.urandom(1000 + i) * (1 + 3 * i)          # one over the 1 MiB a read takes
            files[name] = body
            (folder / name).write_bytes(body)
        (folder / "attach.txt").write_text("".join(n + "\n" for n in names[leg]))
    return files


@pytest.mark.skipif(os.name == "nt" or shutil.which("bash") is None, reason="the job's bash")
def test_the_release_jobs_command_runs_with_its_python_on_the_legs_files(tmp_path):
    """The release job's own `run:` line, `--dry-run` added, run by bash (the job's shell) from a
    checkout holding artifacts/ as the job downloads it, with `python3` the Python the job sets up:
    it checks the tag, writes SHA256SUMS over every leg's files and would upload them all."""
    import check_tag

    [(_, cmd, version, _)] = [r for r in script_runs(WORKFLOW.read_text(encoding="utf-8")) if r[0] == "release"]
    python = interpreter(version)
    if python is None:
        pytest.skip(f"no Python {version[0]}.{version[1]} on this machine")
    root = checkout(tmp_path)
    files = fake_artifacts(root)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name in ("python3", "python"):
        (bin_dir / name).write_text(f'#!/bin/sh\nexec "{python}" "$@"\n')
        (bin_dir / name).chmod(0o755)
    dry = cmd.replace("tools/publish_release.py", "tools/publish_release.py --dry-run", 1)
    assert dry != cmd
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "GH_"))}
    env.update(PATH=f"{bin_dir}{os.pathsep}{env['PATH']}", GITHUB_REF_NAME=f"v{check_tag.version()}")
    r = subprocess.run(["bash", "-e", "-c", dry], cwd=root, env=env, capture_output=True, text=True, timeout=HANG)
    assert r.returncode == 0, r.stdout + r.stderr
    upload = next(line for line in r.stdout.splitlines() if line.startswith("gh release upload"))
    assert sorted(Path(f).name for f in upload.split()[5:]) == sorted([*files, "SHA256SUMS"]), upload
    sums = (root / "SHA256SUMS").read_text(encoding="utf-8")
    assert len(sums.splitlines()) == len(files)

    # a guest's folder with every download: sha256sum -c checks each one
    if shutil.which("sha256sum") is None:
        pytest.skip("no sha256sum here to check SHA256SUMS with")
    got = tmp_path / "downloads"
    got.mkdir()
    for name, body in files.items():
        (got / name).write_bytes(body)
    shutil.copy2(root / "SHA256SUMS", got)
    r = subprocess.run(["sha256sum", "-c", "--strict", "SHA256SUMS"], cwd=got, capture_output=True, text=True,
                       timeout=HANG)
    assert r.returncode == 0, r.stdout + r.stderr
    assert sorted(r.stdout.splitlines()) == sorted(f"{name}: OK" for name in files)
    # and it can fail: one byte of one download changed
    name = sorted(files)[0]
    (got / name).write_bytes(b"x" + files[name][1:])
    r = subprocess.run(["sha256sum", "-c", "SHA256SUMS"], cwd=got, capture_output=True, text=True, timeout=HANG)
    assert r.returncode == 1 and f"{name}: FAILED" in r.stdout


def test_sha256sums_is_sha256sums_format(tmp_path):
    import hashlib

    import publish_release

    (tmp_path / "b.zip").write_bytes(b"")
    (tmp_path / "a.tar.gz").write_bytes(b"abc")
    text = publish_release.sha256sums([tmp_path / "a.tar.gz", tmp_path / "b.zip"])
    assert text == (f"{hashlib.sha256(b'abc').hexdigest()}  a.tar.gz\n"
                    f"{hashlib.sha256(b'').hexdigest()}  b.zip\n")


def test_a_leg_may_not_bring_its_own_sha256sums(tmp_path):
    import check_tag
    import publish_release

    leg = tmp_path / "leg"
    leg.mkdir()
    (leg / "SHA256SUMS").write_text("0" * 64 + "  x\n")
    (leg / "attach.txt").write_text("SHA256SUMS\n")
    with pytest.raises(SystemExit, match="SHA256SUMS of its own"):
        publish_release.main(["--tag", f"v{check_tag.version()}", "--dry-run", "--sums", str(tmp_path), str(leg)])


#: the tools a release or a developer runs (tools/web_join.py, an outside check, and
#: tools/web_data.py need nothing newer than their imports)
FLOORED = ["build_app.py", "check_tag.py", "check_zeroconf_versions.py", "publish_release.py", "release_leg.py"]


def test_every_tool_that_needs_the_floor_checks_it_first():
    """A tool that imports a module newer than some Pythons (tomllib: 3.11) or another tool that
    does, calls python_floor.check before its other imports."""
    needs = {"tomllib", *[n.removesuffix(".py") for n in FLOORED]}
    for script in sorted((ROOT / "tools").glob("*.py")):
        text = script.read_text(encoding="utf-8")
        imports = re.findall(r"^(?:import|from) (\w+)", text, re.MULTILINE)
        if script.name == "python_floor.py" or not (needs - {script.stem}) & set(imports):
            continue
        assert script.name in FLOORED, script.name
        first = [i for i in imports if i != "__future__"][0]
        assert first == "python_floor" and "\npython_floor.check(__file__)\n" in text, script.name


@pytest.mark.parametrize("script", FLOORED)
def test_an_older_python_is_told_which_one_the_tools_need(script):
    need = floor()
    older = next((p for minor in range(need[1] - 1, max(need[1] - 4, 6), -1)
                  if (p := interpreter((need[0], minor)))), None)
    if older is None:
        pytest.skip("no Python older than the floor on this machine")
    r = subprocess.run([older, str(ROOT / "tools" / script), "--help"], capture_output=True, text=True,
                       timeout=HANG, cwd=ROOT)
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    assert f"{script}: needs Python {need[0]}.{need[1]} or newer" in r.stderr
