#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A minimal Debian root of one release in the bench cache, for what the
# host must not or cannot do: build modules for kernels whose toolchain is
# newer than Debian 12's (gcc-14 or newer, glibc 2.38), and the DKMS and
# package round trips. Made once per suite with mmdebstrap; packages a
# caller needs and the root lacks are installed into it with apt. The
# host's packages and apt sources are not touched.
#
# usage: build-root.sh [-n NAME] [-x SUITES] SUITE [PACKAGE...]
#   prints the root's path
#   NAME    the root's folder in the cache (default: SUITE), for a root of
#           its own such as the system lane's image (bench/system)
#   SUITES  more suites for the root's sources, comma-separated (e.g.
#           trixie-backports); a PACKAGE may name its suite as apt does,
#           PACKAGE/SUITE
set -euo pipefail
. "$(dirname "$0")/common.sh"

usage="usage: build-root.sh [-n NAME] [-x SUITES] SUITE [PACKAGE...]"
name='' extra=''
while getopts n:x: opt; do
	case $opt in
	n) name=$OPTARG ;;
	x) extra=$OPTARG ;;
	*) die "$usage" ;;
	esac
done
shift $((OPTIND - 1))
suite=${1:?$usage}
shift
# What every use needs: make and the C library's headers, the kbuild
# tools' libraries (renamed for the 64-bit time_t transition after Debian
# 12), pahole, sparse for the lint, kmod and the compressors.
case $suite in
bookworm*) libs="libelf1 libssl3 zlib1g dwarves" ;;
*) libs="libelf1t64 libssl3t64 zlib1g pahole" ;;
esac
# shellcheck disable=SC2206 # word lists
pkgs=(make libc6-dev binutils $libs sparse kmod xz-utils zstd "$@")
root=$CACHE_DIR/roots/${name:-$suite}
suites=$suite${extra:+,$extra}
mkdir -p "$CACHE_DIR/roots"
exec 9> "$root.lock"
flock 9
# A root is remade when it was made from other suites.
if [ "$(cat "$root/.bench-root" 2>/dev/null)" != "$suites" ]; then
	log "making the ${name:-$suite} root (first run only): ${pkgs[*]}"
	opts=()
	case ",$suites," in *,sid,* | *,unstable,*)
		opts+=(--aptopt='Acquire::Check-Valid-Until "false"') ;;
	esac
	mapfile -t sources < <(for s in ${suites//,/ }; do debian_source "$s"; done)
	rm -rf "$root"
	mmdebstrap --quiet --variant=minbase "${opts[@]}" \
		--include="$(IFS=,; echo "${pkgs[*]}")" "$suite" "$root" \
		"${sources[@]}" >&2
	echo "$suites" > "$root/.bench-root"
else
	# shellcheck disable=SC2016 # expanded by the root's shell
	mapfile -t missing < <(in_root "$root" sh -c 'for p; do
		dpkg-query -W -f="\${db:Status-Abbrev}" "${p%%/*}" 2>/dev/null |
			grep -q "^ii" || echo "$p"
	done' sh "${pkgs[@]}")
	if [ ${#missing[@]} -gt 0 ]; then
		log "adding to the ${name:-$suite} root: ${missing[*]}"
		in_root "$root" apt-get -q update >&2
		in_root "$root" env DEBIAN_FRONTEND=noninteractive apt-get -q -y \
			--no-install-recommends install "${missing[@]}" >&2
	fi
fi
echo "$root"
