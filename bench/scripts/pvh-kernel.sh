#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Print the path of an uncompressed copy of a kernel image (bzImage) that
# QEMU boots through the kernel's PVH entry point (CONFIG_PVH): the real-
# mode setup and the decompressor are skipped, which are slow under TCG
# (docs/bench-log.md has the figures). Copies are cached by the image's
# hash. A kernel without the PVH entry, or whose payload is in a format
# not handled here, is printed as given: it boots the usual way.
#
# usage: pvh-kernel.sh BZIMAGE
set -euo pipefail
. "$(dirname "$0")/common.sh"

image=${1:?usage: pvh-kernel.sh BZIMAGE}
dir=$CACHE_DIR/pvh
mkdir -p "$dir"
out=$dir/$(sha1sum < "$image" | cut -c1-40).vmlinux
exec 9> "$out.lock"
flock 9
# A kernel found to have no PVH entry is marked, not unpacked each boot.
if [ ! -s "$out" ] && [ ! -e "$out.none" ]; then
	# The setup header (Documentation/arch/x86/boot.rst): setup_sects
	# at 0x1f1, payload_offset and payload_length at 0x248 and 0x24c.
	u8() { od -An -tu1 -j "$1" -N1 "$image" | tr -d ' '; }
	u32() { od -An -tu4 -j "$1" -N4 "$image" | tr -d ' '; }
	start=$((($(u8 $((0x1f1))) + 1) * 512 + $(u32 $((0x248)))))
	length=$(u32 $((0x24c)))
	case $(od -An -tx1 -j "$start" -N4 "$image" | tr -d ' ') in
	fd377a58) unpack="xz -dc" ;;
	28b52ffd) unpack="zstd -qdc" ;;
	1f8b08*) unpack="gzip -dc" ;;
	*) unpack= ;;
	esac
	# The payload ends with its uncompressed size, which the tools take
	# for trailing garbage: their status is not the test, the ELF is.
	if [ -n "$unpack" ]; then
		tail -c +$((start + 1)) "$image" | head -c "$length" |
			$unpack > "$out.tmp" 2> /dev/null || true
	fi
	if [ -s "$out.tmp" ] && readelf -n "$out.tmp" 2> /dev/null |
		grep -q 'Xen .*0x00000012'; then
		mv "$out.tmp" "$out"
	else
		rm -f "$out.tmp"
		touch "$out.none"
	fi
fi
if [ -s "$out" ]; then echo "$out"; else echo "$image"; fi
