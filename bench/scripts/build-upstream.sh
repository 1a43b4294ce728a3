#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Build the upstream driver (upstream/base.conf) with the first N patches
# of the series, as an out-of-tree module for a bench kernel (default: the
# series' own, UPSTREAM_KERNEL). N is a count, or "series" for all.
# A build is kept under a name made of what went into it, and never
# changed after: boots side by side may take the same module.
#
# usage: build-upstream.sh N|series [KERNEL]    prints the module's path
set -euo pipefail
. "$(dirname "$0")/common.sh"
# shellcheck source=upstream.sh
. "$BENCH_DIR/scripts/upstream.sh"

n=$(upstream_count "${1:?usage: build-upstream.sh N|series [KERNEL]}")
kname=${2:-$UPSTREAM_KERNEL}
fetch_kernel "$kname" >&2
load_kernel "$kname"
src=$("$BENCH_DIR/scripts/fetch-upstream.sh")
# shellcheck disable=SC2046 # one word per patch file
key=$(cat "$src/$UPSTREAM_FILE" $(upstream_patches | head -n "$n") |
	{ cat; echo "$KVER"; } | sha256sum | cut -c1-16)
out=$CACHE_DIR/build/$kname/upstream+$n-$key
if [ ! -f "$out/ko/toshiba_bluetooth.ko" ]; then
	tmp=$(mktemp -d "$out.XXXXXX")
	upstream_tree "$n" "$tmp/tree" || die "the series does not apply"
	dir=$(upstream_module_dir "$tmp/tree")
	kmake -s -C "$KDIR" M="$dir" modules >&2 ||
		die "upstream+$n does not build for $KVER"
	mkdir -p "$tmp/ko" && cp "$dir/toshiba_bluetooth.ko" "$tmp/ko/"
	# Another boot may have finished the same build first.
	mv -T "$tmp" "$out" 2>/dev/null || rm -rf "$tmp"
fi
echo "$out/ko/toshiba_bluetooth.ko"
