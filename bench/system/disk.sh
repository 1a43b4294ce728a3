#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The system lane's host-side steps on its root and disks, called by the
# runner (bench/runner/system.py), in the runner's own mount namespace:
# the lane's root is the cached one under an overlay that holds this run's
# changes. Nothing is copied, and nothing outside the runner sees the mount.
#
# usage: disk.sh prepare ROOT WORK LAYER KVER ACPI_CALL_KO
#            mount WORK (ROOT under an overlay in LAYER) and add what the
#            lane needs: its runner and unit, the bench's acpi_call, debug
#            logs from systemd-rfkill (its restore logs at debug level only)
#        disk.sh key ROOT ACPI_CALL_KO   what the first disk is made from
#        disk.sh image WORK IMAGE        an ext4 image of WORK (no loop
#                                        device, no mount)
#        disk.sh install RELEASE WORK KVER DIST   build the .deb in the
#            bench's build root of RELEASE into DIST, apt install it in WORK
#        disk.sh remove WORK KVER        apt remove it, and check it is gone
#        disk.sh swap IMAGE              a fresh swap disk to hibernate to
set -euo pipefail
. "$(dirname "$0")/../scripts/common.sh"
cd "$TOP_DIR"

prepare() {
	local root=$1 w=$2 layer=$3 kver=$4 acpi_call=$5
	if mountpoint -q "$w"; then umount "$w"; fi
	rm -rf "$layer" && mkdir -p "$layer/upper" "$layer/work" "$w"
	mount -t overlay system-lane \
		-o "lowerdir=$root,upperdir=$layer/upper,workdir=$layer/work" "$w"
	rm -f "$w/.bench-root"
	install -d "$w/bench" "$w/lib/modules/$kver/extra"
	install -m 0755 bench/system/guest/run.sh "$w/bench/"
	install -m 0644 bench/guest/lib.sh bench/system/guest/scenarios.sh "$w/bench/"
	install -m 0644 bench/system/guest/bench-system.service "$w/etc/systemd/system/"
	ln -sf /etc/systemd/system/bench-system.service \
		"$w/etc/systemd/system/multi-user.target.wants/bench-system.service"
	install -d "$w/etc/systemd/system/systemd-rfkill.service.d"
	printf '[Service]\nEnvironment=SYSTEMD_LOG_LEVEL=debug\n' \
		> "$w/etc/systemd/system/systemd-rfkill.service.d/debug.conf"
	install -m 0644 "$acpi_call" "$w/lib/modules/$kver/extra/"
	echo acpi_call > "$w/etc/modules-load.d/bench.conf"
	in_root "$w" depmod "$kver"
}

# The first boot changes nothing on its disk (QEMU's snapshot=on), so a
# disk made from the same root and files is kept and booted again.
key() {
	local root=$1
	{
		sha256sum "$root/var/lib/dpkg/status" "$root/etc/initramfs-tools/conf.d/bench-vm" \
			bench/system/guest/run.sh bench/guest/lib.sh bench/system/guest/scenarios.sh \
			bench/system/guest/bench-system.service "$2" "$0" | cut -d' ' -f1
		stat -c '%n %s %Y' "$root"/boot/*
	} | sha256sum | cut -d' ' -f1
}

image() {
	rm -f "$2" && truncate -s 4G "$2" && mkfs.ext4 -q -F -L bench-root -d "$1" "$2"
}

# The package, built in the bench's build root as tests/deb.sh does, and
# installed in the lane's root as a user would: apt install ./...deb, by
# chroot at native speed.
install_package() {
	local release=$1 w=$2 kver=$3 dist=$4 deb
	deb=$(build_deb "$release" "$dist")
	in_root "$w" env DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -q --no-install-recommends "$deb"
	ls "$w/lib/modules/$kver/updates/dkms/toshiba_bluetooth.ko"*
}

remove_package() {
	local w=$1 kver=$2
	in_root "$w" env DEBIAN_FRONTEND=noninteractive \
		apt-get remove -y -q toshiba-bluetooth-dkms
	! ls "$w/lib/modules/$kver/updates/dkms/toshiba_bluetooth.ko"* 2> /dev/null &&
		[ -z "$(in_root "$w" dkms status toshiba-bluetooth)" ]
}

swap() {
	rm -f "$1" && truncate -s 1G "$1" && mkswap -q "$1"
}

cmd=${1:-}
shift || :
case $cmd in
prepare) prepare "$@" ;;
key) key "$@" ;;
image) image "$@" ;;
install) install_package "$@" ;;
remove) remove_package "$@" ;;
swap) swap "$@" ;;
*) die "usage: disk.sh prepare|key|image|install|remove|swap ARGS..." ;;
esac
