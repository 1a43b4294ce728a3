#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The DKMS round trip on the first bench kernel (Debian 6.1): add, build
# and install; modinfo must resolve to the DKMS copy, not the in-tree one;
# the bench boots that very module; uninstall must leave nothing.
#
set -uo pipefail
. "$(dirname "$0")/../bench/scripts/common.sh"
cd "$TOP_DIR" || exit 1

ok() { echo "ok - $1"; }
not_ok() { echo "not ok - $1"; }


. "$TOP_DIR/tests/installed-kernel.sh"
present_kernel
version=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' driver/dkms.conf)
root=$kroot
log=$(mktemp)

cleanup() {
	make -s dkms-uninstall > /dev/null 2>&1
	unpresent_kernel
	rm -f "$log"
}
trap cleanup EXIT

if make -s dkms-install KVER="$KVER" > "$log" 2>&1; then
	ok "dkms add, build and install for $KVER"
else
	sed 's/^/# /' "$log"
	not_ok "dkms add, build and install for $KVER"
	exit 0
fi

resolved=$(modinfo -k "$KVER" -n toshiba_bluetooth 2>&1)
echo "# modinfo -n: $resolved (in-tree: $root/$intree)"
case $resolved in
"$root"/updates/*) ok "modinfo -n resolves to the DKMS copy in /updates" ;;
*) not_ok "modinfo -n resolves to the DKMS copy in /updates" ;;
esac

# The packaged artefact is the tested artefact: the bench boots this one.
dkms_ko=$(mktemp --suffix=.ko)
case $resolved in
*.xz) xz -dc "$resolved" ;;
*) cat "$resolved" ;;
esac > "$dkms_ko"
BENCH_OUT=$CACHE_DIR/runs/$kname-dkms "$BENCH_DIR/scripts/boot.sh" -k "$dkms_ko" \
	-o load_switch_on,switch_on_event,switch_off,rfkill_block_unblock,unload_reload \
	"$kname" > "$log" 2> /dev/null
prefix_results "bench with the DKMS-built module: " < "$log"
rm -f "$dkms_ko"

make -s dkms-uninstall > "$log" 2>&1
left=$(dkms status toshiba-bluetooth 2>&1; ls -d "/usr/src/toshiba-bluetooth-$version" \
	"$root"/updates/dkms/toshiba_bluetooth.ko* 2>/dev/null)
if [ -z "$left" ]; then
	ok "dkms uninstall leaves nothing behind"
else
	echo "$left" | sed 's/^/# left: /'
	not_ok "dkms uninstall leaves nothing behind"
fi
