"""The browser page's vendored libraries (issue 41): every file under assets/web/vendor/ is recorded
in its README.md with its SHA-256 (what it is, its version, where it came from), and each library's
licence is in licences/ and licences/README.md, as the Python packages' are."""
import hashlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENDOR = ROOT / "assets" / "web" / "vendor"


def recorded() -> dict[str, str]:
    """file (relative to vendor/) -> SHA-256, as the record lists them."""
    text = (VENDOR / "README.md").read_text(encoding="utf-8")
    return dict(re.findall(r"^\| `([^`]+)` \| `([0-9a-f]{64})` \|$", text, re.MULTILINE))


def test_every_vendored_file_is_recorded_with_its_hash():
    files = {p.relative_to(VENDOR).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
             for p in VENDOR.rglob("*") if p.is_file() and p.name != "README.md" and "__pycache__" not in p.parts}
    assert files, "nothing vendored?"
    assert recorded() == files


def test_each_vendored_library_has_its_version_and_licence():
    text = (VENDOR / "README.md").read_text(encoding="utf-8")
    libraries = {f.split("/")[0] for f in recorded()}
    licences = (ROOT / "licences" / "README.md").read_text(encoding="utf-8")
    for lib in libraries:
        heading = re.search(rf"^## {re.escape(lib)}: `([^`]+)` (\d+\.\d+\.\d+)$", text, re.MULTILINE)
        assert heading, f"{lib}: no '## {lib}: `package` X.Y.Z' heading"
        package, version = heading.groups()
        own = (VENDOR / lib / "LICENSE").read_text(encoding="utf-8")
        row = next((line for line in licences.splitlines() if f"`{package}` {version}" in line), None)
        assert row, f"licences/README.md does not list {package} {version}"
        copy = re.findall(r"`([^`/]+\.txt)` \|$", row)
        assert copy and (ROOT / "licences" / copy[0]).read_text(encoding="utf-8") == own, row
