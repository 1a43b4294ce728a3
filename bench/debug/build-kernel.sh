#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Build the debug lane's kernel from Debian's linux-source-6.1 with
# debug.config, once: the result is cached under a key made of the source
# version and the fragment's hash, and registered as bench kernel
# "debug-6.1" so that the bench's scripts boot it like any other.
set -euo pipefail
. "$(dirname "$0")/../scripts/common.sh"

fragment=$BENCH_DIR/debug/debug.config
src_dir=$CACHE_DIR/debug-src
mkdir -p "$src_dir"
cd "$src_dir"
if [ ! -d linux-source-6.1 ]; then
	apt_download "$HOST_SUITE" linux-source-6.1
	dpkg-deb --fsys-tarfile linux-source-6.1_*.deb |
		tar -xO ./usr/src/linux-source-6.1.tar.xz | tar -xJ
fi
version=$(dpkg-deb -f linux-source-6.1_*.deb Version)
key=$version-$(sha256sum "$fragment" | cut -c1-12)
out=$CACHE_DIR/debug/$key
kdir=$CACHE_DIR/kernels/debug-6.1

if [ ! -f "$out/done" ]; then
	log "building the debug kernel $key (first run only)"
	start=$(date +%s)
	rm -rf "$out" && mkdir -p "$out/build"
	make -s -C linux-source-6.1 O="$out/build" x86_64_defconfig
	linux-source-6.1/scripts/kconfig/merge_config.sh -m -O "$out/build" \
		"$out/build/.config" "$fragment" > "$out/merge.log"
	make -s -C linux-source-6.1 O="$out/build" olddefconfig
	# Every value the fragment sets must have survived Kconfig, and nothing
	# it turns off may be on (a hidden symbol is off too).
	missing=$(grep '^CONFIG_' "$fragment" | grep -vxF -f "$out/build/.config" || true)
	while read -r sym; do
		grep -q "^$sym=" "$out/build/.config" && missing="$missing $sym"
	done < <(sed -n 's/^# \(CONFIG_[A-Z0-9_]*\) is not set$/\1/p' "$fragment")
	[ -z "$missing" ] || die "debug.config lines Kconfig did not take: $missing"
	make -s -C linux-source-6.1 O="$out/build" -j"$(nproc)" bzImage modules
	make -s -C "$out/build" INSTALL_MOD_PATH="$out/root" modules_install
	echo "$(($(date +%s) - start))" > "$out/build-seconds"
	touch "$out/done"
fi

kver=$(cat "$out/build/include/config/kernel.release")
mkdir -p "$kdir"
cat > "$kdir/kernel.env" <<ENV
KNAME=debug-6.1
KVER=$kver
KDIR=$out/build
VMLINUZ=$out/build/arch/x86/boot/bzImage
MODDIR=$out/root/lib/modules/$kver
ENV
log "debug kernel $kver (source $version) built in $(cat "$out/build-seconds") s"
