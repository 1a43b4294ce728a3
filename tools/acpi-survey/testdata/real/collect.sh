#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Make the real-table corpus from a clone of linuxhw/ACPI (CC BY 4.0): for
# each machine of machines.list, its acpidump ("HWID.bin") goes through
# acpixtract, and its DSDT and SSDTs are packed as MAKER-MODEL-HWID.tar.xz
# here. SOURCES.md is written again with each one's source and licence.
# A developer's tool: the tests use the archives, never the network.
#
# usage: collect.sh LINUXHW_ACPI_GIT_DIR [COMMIT]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
git_dir=${1:?usage: collect.sh LINUXHW_ACPI_GIT_DIR [COMMIT]}
commit=$(git -C "$git_dir" rev-parse "${2:-HEAD}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The archive's name: maker and model, in characters safe for a file name.
slug() {
	local maker model hwid
	IFS=/ read -r _ maker _ model hwid <<< "$1"
	printf '%s-%s-%s' "${maker%% *}" "$model" "$hwid" |
		tr -c 'A-Za-z0-9.,+-' '_' | tr -s '_'
}

rm -f "$here"/*.tar.xz
{
	cat <<EOF
# Sources of the real-table corpus

Each archive holds the DSDT and the SSDTs of one machine, taken with
\`acpixtract -a\` from its acpidump in [linuxhw/ACPI](https://github.com/linuxhw/ACPI)
at commit \`$commit\`. linuxhw/ACPI is licensed under the Creative
Commons Attribution 4.0 International licence (CC BY 4.0); its tables
were collected by Linux users at https://linux-hardware.org with
hw-probe. The tables themselves are the machines' firmware, unchanged.
Made by \`collect.sh\` from \`machines.list\`.

| archive | machine (linuxhw/ACPI path) | tables | licence |
|---|---|---|---|
EOF
	grep -v '^#' "$here/machines.list" | while read -r path; do
		[ -n "$path" ] || continue
		name=$(slug "$path")
		rm -rf "${work:?}/x" && mkdir -p "$work/x/$name"
		git -C "$git_dir" show "$commit:$path.bin" > "$work/dump.txt"
		(cd "$work/x/$name" && acpixtract -a "$work/dump.txt" > /dev/null)
		find "$work/x/$name" -type f ! -name 'dsdt.dat' ! -name 'ssdt*.dat' -delete
		[ -f "$work/x/$name/dsdt.dat" ] || { echo "$path: no DSDT" >&2; exit 1; }
		tar -C "$work/x" --sort=name --owner=0 --group=0 --numeric-owner \
			--mtime=@0 -cf - "$name" | xz -9 > "$here/$name.tar.xz"
		echo "| \`$name.tar.xz\` | \`$path\` | $(find "$work/x/$name" -type f | wc -l) | CC BY 4.0 |"
	done
} > "$here/SOURCES.md"
