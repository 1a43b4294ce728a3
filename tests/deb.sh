#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The Debian package round trip, in a system root of the oldest and of the
# newest bench kernel's release: make deb, apt install ./...deb (DKMS
# builds and installs the module for the presented kernel), apt remove
# (the module goes away, the in-tree one is back). The host is not touched.
#
# usage: deb.sh KERNEL...   (bench kernels' names; the runner passes the
#   roles of bench/plan.toml)
set -uo pipefail
. "$(dirname "$0")/../bench/scripts/common.sh"
cd "$TOP_DIR" || exit 1
. tests/installed-kernel.sh

log=$(mktemp)
# The package is built in a folder of this run's own: the system lane
# builds one at the same time (bench/runner).
dist=$(mktemp -d)
trap 'rm -rf "$log" "$dist"' EXIT

round_trip() {
	local k=$1 deb module
	if ! present_kernel "$k" > "$log" 2>&1; then
		sed 's/^/# /' "$log"
		echo "not ok - $k: a system root with the kernel presented"
		return
	fi
	rm -f "$dist"/toshiba-bluetooth-dkms_*.deb
	if in_sys make -s deb DIST="$dist" > "$log" 2>&1 &&
		deb=$(ls "$dist"/toshiba-bluetooth-dkms_*_all.deb); then
		echo "ok - $k: make deb builds toshiba-bluetooth-dkms"
	else
		tail -n 20 "$log" | sed 's/^/# /'
		echo "not ok - $k: make deb builds toshiba-bluetooth-dkms"
		unpresent_kernel
		return
	fi

	module=$kroot/updates/dkms/toshiba_bluetooth.ko
	if in_sys env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$deb" > "$log" 2>&1 &&
	   ls "$SYSROOT$module"* > /dev/null 2>&1 &&
	   [ "$(sys_modinfo_n)" = "$(cd "$SYSROOT" && printf '%s\n' ".$module"* | cut -c2-)" ]; then
		echo "ok - $k: apt install ./$(basename "$deb") builds and installs the module for $KVER"
	else
		tail -n 20 "$log" | sed 's/^/# /'
		echo "not ok - $k: apt install ./$(basename "$deb") builds and installs the module for $KVER"
	fi

	if in_sys env DEBIAN_FRONTEND=noninteractive apt-get remove -y -q toshiba-bluetooth-dkms > "$log" 2>&1 &&
	   ! ls "$SYSROOT$module"* > /dev/null 2>&1 && [ -z "$(in_sys dkms status toshiba-bluetooth)" ] &&
	   [ "$(sys_modinfo_n)" = "$kroot/$intree" ]; then
		echo "ok - $k: apt remove takes the module away, the in-tree one is back"
	else
		tail -n 20 "$log" | sed 's/^/# /'
		echo "not ok - $k: apt remove takes the module away, the in-tree one is back"
	fi
	unpresent_kernel
}

[ $# -gt 0 ] || die "usage: deb.sh KERNEL..."
for k in "$@"; do
	round_trip "$k"
done
