#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The Debian package round trip: make deb, apt install ./...deb (DKMS
# builds and installs the module for the installed kernel), apt remove
# (the module goes away).
set -uo pipefail
. "$(dirname "$0")/../bench/scripts/common.sh"
cd "$TOP_DIR" || exit 1
. tests/installed-kernel.sh

ok() { echo "ok - $1"; }
not_ok() { echo "not ok - $1"; }
log=$(mktemp)

present_kernel
trap 'apt-get remove -y -q toshiba-bluetooth-dkms > /dev/null 2>&1; unpresent_kernel; rm -f "$log"' EXIT

rm -f dist/toshiba-bluetooth-dkms_*.deb
if make -s deb > "$log" 2>&1 && deb=$(ls dist/toshiba-bluetooth-dkms_*_all.deb); then
	ok "make deb builds toshiba-bluetooth-dkms"
else
	tail -n 20 "$log" | sed 's/^/# /'
	not_ok "make deb builds toshiba-bluetooth-dkms"
	exit 0
fi

module=$kroot/updates/dkms/toshiba_bluetooth.ko
if DEBIAN_FRONTEND=noninteractive apt-get install -y -q "./$deb" > "$log" 2>&1 &&
   ls "$module"* > /dev/null 2>&1 &&
   [ "$(modinfo -k "$KVER" -n toshiba_bluetooth)" = "$(ls "$module"*)" ]; then
	ok "apt install ./$(basename "$deb") builds and installs the module for $KVER"
else
	tail -n 20 "$log" | sed 's/^/# /'
	not_ok "apt install ./$(basename "$deb") builds and installs the module for $KVER"
fi

if DEBIAN_FRONTEND=noninteractive apt-get remove -y -q toshiba-bluetooth-dkms > "$log" 2>&1 &&
   ! ls "$module"* > /dev/null 2>&1 && [ -z "$(dkms status toshiba-bluetooth)" ] &&
   [ "$(modinfo -k "$KVER" -n toshiba_bluetooth)" = "$kroot/$intree" ]; then
	ok "apt remove takes the module away, the in-tree one is back"
else
	tail -n 20 "$log" | sed 's/^/# /'
	not_ok "apt remove takes the module away, the in-tree one is back"
fi
