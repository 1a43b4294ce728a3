#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A minimal Debian root to build modules in, for kernels that the host's
# toolchain cannot build for (Debian 13's and 14's need gcc-14 or newer and
# glibc 2.38). Made once per release and package set with mmdebstrap into
# the bench cache; the host's packages and apt sources are not touched.
#
# usage: build-root.sh SUITE PACKAGE...     prints the root's path
set -euo pipefail
. "$(dirname "$0")/common.sh"

suite=${1:?usage: build-root.sh SUITE PACKAGE...}
shift
# What a module build needs besides the compiler the kernel names: the
# kbuild tools' libraries, sparse for the lint, and the compressors.
pkgs="make libc6-dev binutils libelf1t64 libssl3t64 zlib1g pahole sparse kmod xz-utils zstd $*"
key=$suite-$(echo "$pkgs" | sha256sum | cut -c1-10)
root=$CACHE_DIR/roots/$key
mkdir -p "$CACHE_DIR/roots"
exec 9> "$root.lock"
flock 9
if [ ! -f "$root/.bench-root" ]; then
	log "making the $suite build root (first run only): $pkgs"
	opts=()
	case $suite in sid | unstable)
		opts+=(--aptopt='Acquire::Check-Valid-Until "false"') ;;
	esac
	rm -rf "$root"
	mmdebstrap --quiet --variant=minbase "${opts[@]}" --include="${pkgs// /,}" \
		"$suite" "$root" \
		"deb [signed-by=$APT_KEYRING] $(debian_mirror) $suite main" >&2
	echo "$suite: $pkgs" > "$root/.bench-root"
fi
echo "$root"
