#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Pack the guest: busybox, util-linux's rfkill with its libraries, the
# modules, init and the scenarios.
#
# usage: make-initramfs.sh MODULES_DIR DRIVER_KO OUTPUT
set -euo pipefail
. "$(dirname "$0")/common.sh"

mods=${1:?} driver_ko=${2:?} output=${3:?}
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

mkdir -p "$stage"/{bin,usr/sbin,proc,sys,dev,tmp,lib/modules,bench}
cp /bin/busybox "$stage/bin/busybox"
rfkill_bin=$(command -v rfkill || echo /usr/sbin/rfkill)
cp "$rfkill_bin" "$stage/usr/sbin/rfkill"
# The shared libraries rfkill needs, at the paths the loader looks in.
ldd "$rfkill_bin" | grep -o '/[^ ]*' | while read -r lib; do
	mkdir -p "$stage$(dirname "$lib")"
	cp -L "$lib" "$stage$lib"
done

cp "$mods/rfkill.ko" "$mods/acpi_call.ko" "$stage/lib/modules/"
cp "$driver_ko" "$stage/lib/modules/toshiba_bluetooth.ko"

# The benchmark's timer, static so that it needs nothing from the guest.
gcc -static -O2 -Wall -Wextra -o "$stage/bin/reaction" "$BENCH_DIR/guest/tools/reaction.c"
# acpi-survey, to run on the guest's own tables (reference/70-survey.sh):
# built once into the cache, and again only when its sources change;
# boots run side by side, so under a lock.
tools=$CACHE_DIR/build/guest-tools
mkdir -p "$tools"
(
	flock 8
	make -s -C "$TOP_DIR/tools/acpi-survey" CFLAGS="-O2 -static" PROG="$tools/acpi-survey"
) 8> "$tools/.lock"
cp "$tools/acpi-survey" "$stage/bin/acpi-survey"

cp "$BENCH_DIR/guest/init" "$stage/init"
cp "$BENCH_DIR"/guest/*.sh "$stage/bench/"
cp -r "$BENCH_DIR/guest/scenarios" "$stage/bench/"
chmod +x "$stage/init"

(cd "$stage" && find . | cpio -o -H newc --quiet | gzip -1) > "$output"
