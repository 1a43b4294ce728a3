#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The DKMS round trip on bench kernels, each in a system root of its
# release: add, build and install; modinfo must resolve to the DKMS copy
# in /updates, not the in-tree one; uninstall must leave nothing. The host
# is not touched. The bench boots the very module DKMS built: each is kept
# as DIR/KERNEL.ko for the runner (bench/runner), which boots it as ours.
#
# usage: dkms.sh -o DIR KERNEL...
set -uo pipefail
. "$(dirname "$0")/../bench/scripts/common.sh"
cd "$TOP_DIR" || exit 1
. tests/installed-kernel.sh

version=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' driver/dkms.conf)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
keep=
while getopts o: opt; do
	case $opt in
	o) keep=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ -n "$keep" ] && [ $# -gt 0 ] || die "usage: dkms.sh -o DIR KERNEL..."
mkdir -p "$keep"

round_trip() {
	local k=$1 resolved dkms_ko left log=$out/$1.log
	if ! present_kernel "$k" > "$log" 2>&1; then
		sed 's/^/# /' "$log"
		echo "not ok - $k: a system root with the kernel presented"
		return
	fi
	if in_sys make -s dkms-install KVER="$KVER" > "$log" 2>&1; then
		echo "ok - $k: dkms add, build and install for $KVER"
	else
		sed 's/^/# /' "$log"
		echo "not ok - $k: dkms add, build and install for $KVER"
		unpresent_kernel
		return
	fi

	resolved=$(sys_modinfo_n)
	echo "# $k: modinfo -n: $resolved (in-tree: $kroot/$intree)"
	case $resolved in
	"$kroot"/updates/*) echo "ok - $k: modinfo -n resolves to the DKMS copy in /updates" ;;
	*) echo "not ok - $k: modinfo -n resolves to the DKMS copy in /updates" ;;
	esac

	# The packaged artefact is the tested artefact: the bench boots this one.
	dkms_ko=$keep/$k.ko
	case $resolved in
	*.xz) xz -dc "$SYSROOT$resolved" ;;
	*.zst) zstd -qdc "$SYSROOT$resolved" ;;
	*) cat "$SYSROOT$resolved" ;;
	esac > "$dkms_ko" || rm -f "$dkms_ko"
	if [ -s "$dkms_ko" ]; then
		echo "ok - $k: the DKMS-built module is kept for the bench to boot"
	else
		echo "not ok - $k: the DKMS-built module is kept for the bench to boot"
	fi

	in_sys make -s dkms-uninstall > "$log" 2>&1
	left=$(in_sys dkms status toshiba-bluetooth 2>&1
		ls -d "$SYSROOT/usr/src/toshiba-bluetooth-$version" \
			"$SYSROOT$kroot"/updates/dkms/toshiba_bluetooth.ko* 2>/dev/null)
	if [ -z "$left" ]; then
		echo "ok - $k: dkms uninstall leaves nothing behind"
	else
		echo "$left" | sed 's/^/# left: /'
		echo "not ok - $k: dkms uninstall leaves nothing behind"
	fi
	unpresent_kernel
}

# One kernel after the other, each in the root of its release.
for k in "$@"; do
	round_trip "$k"
done
