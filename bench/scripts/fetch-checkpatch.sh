#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# checkpatch.pl is not in Debian's headers packages: take it, and the data
# files it reads, from the linux-source-6.1 tarball into the cache.
# Prints the path of checkpatch.pl.
set -euo pipefail
. "$(dirname "$0")/common.sh"

dir=$CACHE_DIR/checkpatch
# make check's lint and acpi-survey chains start together and both ask:
# one fetch at a time, the second finds the first's.
mkdir -p "$CACHE_DIR"
exec 9> "$dir.lock"
flock 9
[ -x "$dir/scripts/checkpatch.pl" ] ||
	linux_source_files "$HOST_SUITE" 6.1 "$dir" scripts/checkpatch.pl \
		scripts/spelling.txt scripts/const_structs.checkpatch ||
	die "no checkpatch.pl from linux-source-6.1"
echo "$dir/scripts/checkpatch.pl"
