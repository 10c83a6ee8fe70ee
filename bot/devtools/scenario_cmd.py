"""``canalside scenario FILE…``: run rule scenarios; exit 0 only if every expectation holds."""

from __future__ import annotations

import argparse
import sys
import tomllib
from pathlib import Path

from engine.scenarios import ScenarioError, run_scenario


def scenario_files(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for p in map(Path, paths):
        files.extend(sorted(p.rglob("*.toml")) if p.is_dir() else [p])
    return files


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="canalside scenario", description=__doc__)
    parser.add_argument("files", nargs="+", help="scenario .toml files or folders of them")
    parser.add_argument("-q", "--quiet", action="store_true", help="print failures only")
    args = parser.parse_args(argv)
    failed = 0
    files = scenario_files(args.files)
    for path in files:
        try:
            spec = tomllib.loads(path.read_text(encoding="utf-8"))
            result = run_scenario(spec, path.stem)
        except (OSError, tomllib.TOMLDecodeError, ScenarioError, KeyError) as exc:
            failed += 1
            print(f"ERROR {path}: {exc}")
            continue
        if result.ok:
            if not args.quiet:
                print(f"ok    {path}: {result.name}")
        else:
            failed += 1
            print(f"FAIL  {path}: {result.name}")
            for failure in result.failures:
                print(f"      - {failure}")
    print(f"{len(files) - failed} passed, {failed} failed")
    return 1 if failed or not files else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
