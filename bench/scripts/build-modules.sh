#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Build and collect the guest's modules for one bench kernel:
#   rfkill.ko and the in-tree toshiba_bluetooth.ko from the kernel package
#   (decompressed for busybox insmod), acpi_call.ko from Debian's
#   acpi-call-dkms source of the kernel's build release, and our driver
#   from driver/. Builds run in the kernel's build root, if it has one.
#
# usage: build-modules.sh NAME    prints the folder that holds them
set -euo pipefail
. "$(dirname "$0")/common.sh"

name=${1:?usage: build-modules.sh NAME}
load_kernel "$name"
out=$CACHE_DIR/build/$name
mkdir -p "$out/in-tree" "$out/ours"
# Boots of one kernel may start side by side: one build at a time.
exec 8> "$out/.lock"
flock 8

# A module from the kernel package, decompressed when shipped as .ko.xz.
take() {
	local src
	src=$(find "$MODDIR/kernel" -name "$1.ko" -o -name "$1.ko.xz" -o -name "$1.ko.zst" | head -n1)
	[ -n "$src" ] || { log "$KVER has no module $1"; return 1; }
	case "$src" in
	*.xz) xz -dc "$src" > "$2" ;;
	*.zst) zstd -qdc "$src" > "$2" ;;
	*) cp "$src" "$2" ;;
	esac
}
[ -f "$out/rfkill.ko" ] || take rfkill "$out/rfkill.ko" || exit 1
# The debug lane's kernel has no in-tree driver; only -d in-tree needs it.
[ -f "$out/in-tree/toshiba_bluetooth.ko" ] ||
	take toshiba_bluetooth "$out/in-tree/toshiba_bluetooth.ko" || true

# acpi_call: Debian's source, fetched once per release (kernels build in
# parallel, so under a lock), built once per kernel. A newer kernel needs
# its release's version.
suite=$(kernel_release "$name")
src=$CACHE_DIR/acpi-call-src-$suite
(
	flock 9
	[ -f "$src/acpi_call.c" ] && exit 0
	rm -rf "$src.tmp" && mkdir -p "$src.tmp"
	cd "$src.tmp"
	apt_download "$suite" acpi-call-dkms
	dpkg-deb -x acpi-call-dkms_*.deb x
	cp x/usr/src/acpi-call-*/acpi_call.c .
	rm -rf x ./*.deb
	echo 'obj-m := acpi_call.o' > Kbuild
	cd .. && mv "$src.tmp" "$src"
) 9> "$src.lock"
if [ ! -f "$out/acpi_call.ko" ]; then
	rm -rf "$out/acpi_call.build" && cp -r "$src" "$out/acpi_call.build"
	# Not our code: its warnings are not ours to fix, so show them on failure only.
	kmake -s -C "$KDIR" M="$out/acpi_call.build" modules > "$out/acpi_call.log" 2>&1 ||
		{ cat "$out/acpi_call.log" >&2; die "acpi_call does not build for $KVER"; }
	cp "$out/acpi_call.build/acpi_call.ko" "$out/"
fi

# Our driver, built from a copy so the source tree stays clean, and again
# only when its sources or the kernel change: every boot asks for it.
stamp=$({ cat "$TOP_DIR"/driver/{Kbuild,*.c,*.h}; echo "$KVER $KDIR"; } | sha256sum)
if [ ! -f "$out/ours/toshiba_bluetooth.ko" ] ||
	[ "$(cat "$out/ours.stamp" 2> /dev/null)" != "$stamp" ]; then
	rm -rf "$out/ours.build" "$out/ours.stamp" && mkdir -p "$out/ours.build"
	cp "$TOP_DIR"/driver/{Kbuild,*.c,*.h} "$out/ours.build/"
	kmake -s -C "$KDIR" M="$out/ours.build" modules >&2
	cp "$out/ours.build/toshiba_bluetooth.ko" "$out/ours/"
	echo "$stamp" > "$out/ours.stamp"
fi
echo "$out"
