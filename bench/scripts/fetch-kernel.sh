#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Fetch one bench kernel from Debian's archive into the cache: the image
# (vmlinuz and modules), the headers and kbuild, unpacked with dpkg-deb.
# The host's own kernel packages and apt sources are never touched.
#
# usage: fetch-kernel.sh NAME     (NAME from bench/kernels.list)
set -euo pipefail
. "$(dirname "$0")/common.sh"

name=${1:?usage: fetch-kernel.sh NAME}
dir=$(kernel_dir "$name")
# Fetched already, or built by the debug lane.
[ -f "$dir/kernel.env" ] && exit 0
meta=$(kernel_meta "$name")
suites=$(kernel_suites "$name")
[ -n "$meta" ] && [ -n "$suites" ] || die "no kernel '$name' in $KERNELS_LIST"

rm -rf "$dir.tmp"
mkdir -p "$dir.tmp/debs" "$dir.tmp/root"
cd "$dir.tmp/debs"

# The first package a .deb depends on, without its version constraint.
first_dep() {
	dpkg-deb -f "$1" Depends | tr ',|' '\n\n' | sed 's/(.*//; s/ //g' |
		grep -m1 "^$2"
}

log "$name: resolving $meta in $suites"
apt_download "$suites" "$meta"
image=$(first_dep ./*.deb linux-image-)
[ -n "$image" ] || die "$meta does not depend on a linux-image package"
rm -f ./*.deb
headers=${image/linux-image-/linux-headers-}

log "$name: downloading $image and $headers"
apt_download "$suites" "$image" "$headers"
common=$(first_dep "$headers"_*.deb linux-headers-)
kbuild=$(first_dep "$headers"_*.deb linux-kbuild-)
apt_download "$suites" "$common" "$kbuild"

for deb in ./*.deb; do
	dpkg-deb -x "$deb" ../root
done
cd ..
rm -rf debs

kver=${image#linux-image-}
kver=${kver%-unsigned}
kdir=$PWD/root/usr/src/$headers
# The arch headers include the common ones by absolute path.
sed -i "s|/usr/src/|$dir/root/usr/src/|" "$kdir/Makefile"
vmlinuz=$PWD/root/boot/vmlinuz-$kver
[ -f "$vmlinuz" ] || die "$image has no $vmlinuz"
# Debian 13 moved the modules from /lib to /usr/lib.
moddir=lib/modules/$kver
[ -d "root/$moddir" ] || moddir=usr/lib/modules/$kver
[ -d "root/$moddir" ] || die "$image has no modules folder for $kver"

cd ..
mv "$dir.tmp" "$dir"
cat > "$dir/kernel.env" <<ENV
KNAME=$name
KVER=$kver
KDIR=$dir/root/usr/src/$headers
VMLINUZ=$dir/root/boot/vmlinuz-$kver
MODDIR=$dir/root/$moddir
ENV
log "$name: $kver ready in $dir"
