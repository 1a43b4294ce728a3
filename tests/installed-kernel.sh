# SPDX-License-Identifier: GPL-2.0
# Sourced by the DKMS and package tests. The machine that runs them need
# not have a Debian kernel installed, so the first bench kernel's cached
# headers and in-tree module are presented under /lib/modules/KVER, where
# installed packages would put them, and removed again on exit.

present_kernel() {
	kname=$(kernel_names | head -n1)
	"$BENCH_DIR/scripts/fetch-kernel.sh" "$kname" >&2
	load_kernel "$kname"
	[ -n "$KVER" ] || { echo "not ok - no kernel version for $kname"; exit 0; }
	kroot=/lib/modules/$KVER
	intree=$(cd "$MODDIR" && find kernel -name 'toshiba_bluetooth.ko*')
	presented=
	[ -e "$kroot" ] && return
	presented=1
	mkdir -p "$kroot/$(dirname "$intree")"
	ln -s "$KDIR" "$kroot/build"
	cp "$MODDIR"/modules.order "$MODDIR"/modules.builtin* "$kroot/"
	cp "$MODDIR/$intree" "$kroot/$intree"
	depmod "$KVER"
}

unpresent_kernel() {
	[ -n "$presented" ] && [ -n "$KVER" ] && rm -rf "/lib/modules/$KVER"
}
