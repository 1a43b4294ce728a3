# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Sourced by the DKMS and package tests, which run in a system root of the
# kernel's release (build-root.sh, with dkms and the packaging tools), never
# on the host: a bench kernel's cached headers and in-tree module are
# presented there under /lib/modules/KVER, where installed packages would
# put them, and DKMS and apt act inside the root only.

# present_kernel NAME: set SYSROOT, KVER, kroot (/lib/modules/KVER) and
# intree (the in-tree module under it); start from a clean state.
present_kernel() {
	kname=$1
	fetch_kernel "$kname" >&2 || return 1
	load_kernel "$kname"
	SYSROOT=$("$BENCH_DIR/scripts/build-root.sh" "$(kernel_release "$kname")" "${KCOMPILER:-gcc}" \
		dkms build-essential debhelper dh-dkms dpkg-dev) || return 1
	# One kernel presented in a root at a time: the DKMS and the package
	# round trips both use the newest kernel's root, and the runner runs
	# them one after the other.
	kroot=/lib/modules/$KVER
	intree=$(cd "$MODDIR" && find kernel -name 'toshiba_bluetooth.ko*')
	unpresent_kernel
	mkdir -p "$SYSROOT$kroot/$(dirname "$intree")"
	ln -s "$KDIR" "$SYSROOT$kroot/build"
	cp "$MODDIR"/modules.order "$MODDIR"/modules.builtin* "$SYSROOT$kroot/"
	cp "$MODDIR/$intree" "$SYSROOT$kroot/$intree"
	in_sys depmod "$KVER"
}

# Whatever an earlier run left in the root: the kernel, DKMS's tree and
# our package.
unpresent_kernel() {
	in_sys sh -c 'dpkg -s toshiba-bluetooth-dkms > /dev/null 2>&1 &&
		apt-get remove -y -q toshiba-bluetooth-dkms' > /dev/null 2>&1
	rm -rf "$SYSROOT/var/lib/dkms/toshiba-bluetooth" "$SYSROOT"/usr/src/toshiba-bluetooth-* \
		"$SYSROOT/lib/modules/$KVER"
}

in_sys() { in_root "$SYSROOT" "$@"; }

# Where modprobe would load toshiba_bluetooth from, inside the root, as
# /lib/modules/... (a merged-/usr release's kmod says /usr/lib/modules).
sys_modinfo_n() {
	in_sys modinfo -k "$KVER" -n toshiba_bluetooth 2>&1 | sed 's|^/usr/lib/modules/|/lib/modules/|'
}
