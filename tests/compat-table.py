#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check that driver/compat.h, driver/dkms.conf and docs/compat.md agree.

docs/compat.md has one table row per kernel interface the driver calls.
A row whose last column names a compat.h shim (`compat_...` or
`COMPAT_...`) and whose release column says `vX.Y` claims that the shim
switches at Linux X.Y. This check reads the version test that guards each
shim in compat.h and compares:
  - every shim the table names switches at the release the table gives;
  - every version test in compat.h belongs to a shim the table names, or
    is the floor;
  - the floor (compat.h's #error) is the table's floor row, and dkms.conf's
    BUILD_EXCLUSIVE_KERNEL accepts every release from it and none before.
Prints one line per disagreement; nothing when all agree.

usage: compat-table.py TOP_DIR
"""
import re
import sys
from pathlib import Path

VERSION = re.compile(r'KERNEL_VERSION\((\d+),\s*(\d+),\s*\d+\)')


def table_rows(md):
    rows = []
    for line in md.splitlines():
        if not line.startswith('|') or set(line) <= set('|-: '):
            continue
        cells = [c.strip() for c in line.strip().strip('|').split('|')]
        rows.append(cells)
    return rows[1:] if rows else rows


def shims(header):
    """Each shim name -> the (major, minor) of the #if that guards it."""
    found = {}
    floor = None
    guard = None
    for line in header.splitlines():
        m = VERSION.search(line)
        if line.startswith('#if') and m:
            guard = (int(m.group(1)), int(m.group(2)))
            if '<' in line and 'error' not in line:
                floor = guard
            continue
        if line.startswith('#error'):
            continue
        if line.startswith('#endif'):
            guard = None
            continue
        for name in re.findall(r'\b(compat_\w+|COMPAT_\w+)\b', line):
            if guard and name not in found:
                found[name] = guard
    return found, floor


def main():
    top = Path(sys.argv[1] if len(sys.argv) > 1 else '.')
    problems = []
    header = (top / 'driver/compat.h').read_text()
    md = (top / 'docs/compat.md').read_text()
    dkms = (top / 'driver/dkms.conf').read_text()

    guards, floor = shims(header)
    claimed = set()
    table_floor = None
    for cells in table_rows(md):
        where = cells[-1]
        release = re.search(r'\bv(\d+)\.(\d+)\b', ' '.join(cells[1:-1]))
        if where.lower().startswith('floor'):
            if release:
                table_floor = (int(release.group(1)), int(release.group(2)))
            continue
        for name in re.findall(r'\b(compat_\w+|COMPAT_\w+)\b', where):
            if not release:
                problems.append(f'docs/compat.md: {name}: no release (vX.Y) in its row')
                continue
            want = (int(release.group(1)), int(release.group(2)))
            got = guards.get(name)
            if got is None:
                problems.append(f'docs/compat.md names {name}, which no version test in compat.h guards')
            elif got != want:
                problems.append(f'{name}: compat.h switches at {got[0]}.{got[1]}, '
                                f'docs/compat.md says v{want[0]}.{want[1]}')
            claimed.add(got)
    for name, got in sorted(guards.items()):
        if got not in claimed:
            problems.append(f'compat.h: {name} switches at {got[0]}.{got[1]}, '
                            'which no row of docs/compat.md gives')

    m = re.search(r'LINUX_VERSION_CODE < KERNEL_VERSION\((\d+), (\d+), 0\)\s*\n#error', header)
    header_floor = (int(m.group(1)), int(m.group(2))) if m else None
    if header_floor is None:
        problems.append('compat.h: no floor (#if ... < KERNEL_VERSION + #error)')
    if table_floor != header_floor:
        problems.append(f'floor: compat.h {header_floor}, docs/compat.md {table_floor}')

    m = re.search(r'^BUILD_EXCLUSIVE_KERNEL="(.*)"$', dkms, re.M)
    if not m:
        problems.append('dkms.conf: no BUILD_EXCLUSIVE_KERNEL')
    elif header_floor:
        exclusive = re.compile(m.group(1))
        for major in range(4, 12):
            for minor in range(0, 21):
                kver = f'{major}.{minor}.0-1-amd64'
                ok = bool(exclusive.search(kver))
                if ok != ((major, minor) >= header_floor):
                    problems.append(f'dkms.conf: BUILD_EXCLUSIVE_KERNEL '
                                    f'{"accepts" if ok else "refuses"} {kver}')
    for line in dict.fromkeys(problems):
        print(line)
    return 0


if __name__ == '__main__':
    sys.exit(main())
