#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Fetch one bench kernel from Debian's archive into the cache: the image
# (vmlinuz and modules), the headers and kbuild, unpacked with dpkg-deb,
# and, for a kernel the host's toolchain cannot build for, the build root
# of its release (build-root.sh). The host's own kernel packages and apt
# sources are never touched.
#
# usage: fetch-kernel.sh NAME     (NAME from bench/kernels.list)
set -euo pipefail
. "$(dirname "$0")/common.sh"

name=${1:?usage: fetch-kernel.sh NAME}
dir=$(kernel_dir "$name")
# Fetched already, or built by the debug lane.
[ -f "$dir/kernel.env" ] && exit 0
# The suites of make check fetch side by side, often the same kernel on a
# cold cache: one fetch of a kernel at a time, and the others take its
# result.
mkdir -p "$(dirname "$dir")"
exec 9> "$dir.lock"
flock 9
[ -f "$dir/kernel.env" ] && exit 0
meta=$(kernel_meta "$name")
suites=$(kernel_suites "$name")
root_suite=$(kernel_root_suite "$name")
[ -n "$meta" ] && [ -n "$suites" ] || die "no kernel '$name' in $KERNELS_LIST"

rm -rf "$dir.tmp"
mkdir -p "$dir.tmp/debs" "$dir.tmp/root"
cd "$dir.tmp/debs"

# The packages a .deb depends on whose names match a pattern, without
# their version constraints.
deps() {
	# shellcheck disable=SC2020 # both separators become line breaks
	dpkg-deb -f "$1" Depends | tr ',|' '\n\n' | sed 's/(.*//; s/ //g' |
		grep -E "^$2" || true
}

log "$name: resolving $meta in $suites"
apt_download "$suites" "$meta"
image=$(deps ./*.deb linux-image- | head -n1)
[ -n "$image" ] || die "$meta does not depend on a linux-image package"
rm -f ./*.deb
kver=${image#linux-image-}
kver=${kver%-unsigned}

# Up to Debian 13's 6.12 the image package holds vmlinuz and the modules.
# From 7.x it is empty, and depends on linux-binary (vmlinuz), -modules
# and -base (System.map, config) of the same version.
log "$name: downloading $image and its headers"
apt_download "$suites" "$image" "linux-headers-$kver"
kre=$(printf '%s' "$kver" | sed 's/[.+]/\\&/g')
parts=$(deps "$image"_*.deb "linux-(binary|modules|base)-$kre\$")
headers_deps=$(deps "linux-headers-$kver"_*.deb "linux-(headers|kbuild)-")
# shellcheck disable=SC2086 # lists of package names
apt_download "$suites" $parts $headers_deps
# The compiler the headers name (gcc-14-for-host...), for the build root.
compiler=$(deps "linux-headers-$kver"_*.deb "gcc-[0-9]+(-for-host)?\$" | head -n1)

for deb in ./*.deb; do
	dpkg-deb -x "$deb" ../root
done
cd ..
rm -rf debs

kdir=$PWD/root/usr/src/linux-headers-$kver
[ -f "$kdir/Makefile" ] || die "linux-headers-$kver has no $kdir"
# The arch headers include the common ones by absolute path.
sed -i "s|/usr/src/|$dir/root/usr/src/|" "$kdir/Makefile"
# Linux 7.x's Makefile validates sparse with a script that the headers
# packages leave out; without it, the lint's C=2 would check nothing.
# The include names the folder where this tree goes ($dir) once it is
# moved from $dir.tmp: the same folder here, by its relative path.
common=$(headers_common_dir "$kdir")
common=${common:+root/usr/src/${common##*/}}
if [ -n "$common" ] && grep -q checker-valid.sh "$common/Makefile" &&
	[ ! -e "$common/scripts/checker-valid.sh" ]; then
	cp "$BENCH_DIR/kernel-fixes/checker-valid.sh" "$common/scripts/"
fi
# Debian 13 moved the modules from /lib to /usr/lib; 7.x moved vmlinuz
# from /boot to the modules folder.
moddir=lib/modules/$kver
[ -d "root/$moddir/kernel" ] || moddir=usr/lib/modules/$kver
[ -d "root/$moddir/kernel" ] || die "$image has no modules folder for $kver"
vmlinuz=boot/vmlinuz-$kver
[ -f "root/$vmlinuz" ] || vmlinuz=$moddir/vmlinuz
[ -f "root/$vmlinuz" ] || die "$image has no vmlinuz"

kroot=
if [ "$root_suite" != host ]; then
	[ -n "$compiler" ] || die "linux-headers-$kver names no gcc to build with"
	kroot=$("$BENCH_DIR/scripts/build-root.sh" "$root_suite" "$compiler")
fi

cd ..
mv "$dir.tmp" "$dir"
cat > "$dir/kernel.env" <<ENV
KNAME=$name
KVER=$kver
KDIR=$dir/root/usr/src/linux-headers-$kver
VMLINUZ=$dir/root/$vmlinuz
MODDIR=$dir/root/$moddir
KROOT=$kroot
KCOMPILER=$compiler
ENV
log "$name: $kver ready in $dir${kroot:+, builds in $kroot}"
