#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The system lane's Debian: a root of the bench kernel's release, made
# once with build-root.sh (mmdebstrap) and kept in the bench cache, as a
# user's machine has it: systemd as init, udev, kmod, util-linux's rfkill,
# apt and dkms with a compiler, and the bench kernel installed from the
# archive (image, modules, headers and Debian's initramfs).
#
# usage: make-root.sh KERNEL     prints the root's path
set -euo pipefail
. "$(dirname "$0")/../scripts/common.sh"

kname=${1:?usage: make-root.sh KERNEL}
fetch_kernel "$kname" >&2
load_kernel "$kname"
release=$(kernel_release "$kname")
# The kernel's own suites join the root's sources when they are not its
# release's, and its packages name a backports suite (kernel_sources);
# the kernel's image needs that suite's linux-base too.
kernel_sources "$kname"
root=$("$BENCH_DIR/scripts/build-root.sh" -n "system-$kname" \
	${KSUITES_EXTRA:+-x "$KSUITES_EXTRA"} "$release" \
	systemd systemd-sysv udev dbus kmod rfkill util-linux apt dkms gcc \
	initramfs-tools "linux-image-$KVER$KFROM" "linux-headers-$KVER$KFROM")

# The initramfs of a virtual machine: the modules that mount the root
# from its virtio disk, as MODULES=dep picks on the machine itself, not
# Debian's default of most drivers (747 modules, 30 MB for 6.1), which
# every boot unpacks under TCG. toshiba_bluetooth was in neither: udev
# loads it from the root. Made once per root; the conf file says so.
conf=$root/etc/initramfs-tools/conf.d/bench-vm
exec 9> "$root.lock"
flock 9
if [ "$(cat "$conf" 2> /dev/null)" != MODULES=list ]; then
	for m in virtio_pci virtio_blk ext4; do
		grep -qx "$m" "$root/etc/initramfs-tools/modules" ||
			echo "$m" >> "$root/etc/initramfs-tools/modules"
	done
	echo MODULES=list > "$conf.new"
	mv "$conf.new" "$conf"
	in_root "$root" update-initramfs -u -k "$KVER" >&2 || { rm -f "$conf"; exit 1; }
fi
echo "$root"
