#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The DKMS round trip on the oldest and the newest bench kernel, each in a
# system root of its release: add, build and install; modinfo must resolve
# to the DKMS copy in /updates, not the in-tree one; the bench boots that
# very module; uninstall must leave nothing. The host is not touched.
#
# usage: dkms.sh [-o DIR]
#   -o DIR  keep each kernel's DKMS-built module as DIR/KERNEL.ko and boot
#           none: the caller's bench boots them (tests/bench.sh -m DIR, as
#           make check does, where a boot of their own cost about 8 CPU-s
#           each for 5 scenarios)
set -uo pipefail
. "$(dirname "$0")/../bench/scripts/common.sh"
cd "$TOP_DIR" || exit 1
. tests/installed-kernel.sh

version=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' driver/dkms.conf)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
keep=$out/modules own_boots=1
while getopts o: opt; do
	case $opt in
	o) keep=$OPTARG own_boots= ;;
	*) exit 2 ;;
	esac
done
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
	if [ -n "$own_boots" ]; then
		BENCH_OUT=$CACHE_DIR/runs/$k-dkms "$BENCH_DIR/scripts/boot.sh" -k "$dkms_ko" \
			-o load_switch_on,switch_on_event,switch_off,rfkill_block_unblock,unload_reload \
			"$k" 2> /dev/null | prefix_results "$k: bench with the DKMS-built module: "
	elif [ -s "$dkms_ko" ]; then
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

# The kernels side by side, each in the root of its release, the results
# in kernel order: at the end of make check the round trips are what is
# left, and one at a time they left a core idle.
mkdir "$out/runs"
mapfile -t kernels < <(oldest_and_newest_kernels)
in_order 2 "$out/runs" round_trip "${kernels[@]}"
