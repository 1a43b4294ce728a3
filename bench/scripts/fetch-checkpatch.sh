#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# checkpatch.pl is not in Debian's headers packages: take it, and the data
# files it reads, from the linux-source-6.1 tarball into the cache.
# Prints the path of checkpatch.pl.
set -euo pipefail
. "$(dirname "$0")/common.sh"

dir=$CACHE_DIR/checkpatch
if [ ! -x "$dir/scripts/checkpatch.pl" ]; then
	rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
	(
		cd "$dir.tmp"
		apt_download "$HOST_SUITE" linux-source-6.1
		top=linux-source-6.1
		dpkg-deb --fsys-tarfile linux-source-6.1_*.deb |
			tar -xO "./usr/src/$top.tar.xz" |
			tar -xJ --strip-components=1 "$top/scripts/checkpatch.pl" \
				"$top/scripts/spelling.txt" \
				"$top/scripts/const_structs.checkpatch"
		rm -f ./*.deb
	)
	rm -rf "$dir" && mv "$dir.tmp" "$dir"
fi
echo "$dir/scripts/checkpatch.pl"
