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

# The guest's tools, static so that they need nothing from the guest:
# the benchmark's timer, and acpi-survey to run on the guest's own tables
# (reference/70-survey.sh). Built once into the cache, and again only
# when their sources change (every boot packs them, and a static link
# each boot is CPU the guests beside it need); boots run side by side,
# so under a lock.
tools=$CACHE_DIR/build/guest-tools
# tool_built NAME SUM CMD...: $tools/NAME, built by CMD unless the last
# build was from sources whose checksum is SUM. A checksum, not make's
# dates: two work trees can share one cache, and a tree whose files are
# older than the other's build would get that build.
tool_built() {
	local name=$1 sum=$2
	shift 2
	[ -x "$tools/$name" ] && [ "$(cat "$tools/$name.sum" 2> /dev/null)" = "$sum" ] ||
		{ "$@" && echo "$sum" > "$tools/$name.sum"; }
}
survey=$TOP_DIR/tools/acpi-survey
mkdir -p "$tools"
(
	flock 8
	reaction=$BENCH_DIR/guest/tools/reaction.c
	tool_built reaction "$(sha256sum < "$reaction")" \
		gcc -static -O2 -Wall -Wextra -o "$tools/reaction" "$reaction"
	tool_built acpi-survey "$(cat "$survey"/Makefile "$survey"/*.[ch] | sha256sum)" \
		make -s -B -C "$survey" CFLAGS="-O2 -static" PROG="$tools/acpi-survey"
) 8> "$tools/.lock"
cp "$tools/reaction" "$tools/acpi-survey" "$stage/bin/"

cp "$BENCH_DIR/guest/init" "$stage/init"
cp "$BENCH_DIR"/guest/*.sh "$stage/bench/"
cp -r "$BENCH_DIR/guest/scenarios" "$stage/bench/"
chmod +x "$stage/init"

(cd "$stage" && find . | cpio -o -H newc --quiet | gzip -1) > "$output"
