#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Lint the driver against every bench kernel: a W=1 build with no
# warnings, sparse (C=2) with no warnings, checkpatch --strict, and the
# module information users and udev rely on.
# Prints one result line per check.
set -uo pipefail
. "$(dirname "$0")/../bench/scripts/common.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

. "$TOP_DIR/tests/kbuild-checks.sh"

checkpatch=$("$BENCH_DIR/scripts/fetch-checkpatch.sh")
cp_run() { "$checkpatch" --strict --no-tree --quiet --show-types -f "$@"; }
(
	cd "$TOP_DIR/driver" || exit 1
	cp_run toshiba_bluetooth.c Kbuild
	# Version checks are compat.h's whole purpose, and only its.
	cp_run --ignore LINUX_VERSION_CODE,CONSTANT_COMPARISON compat.h
) > "$work/checkpatch.log" 2>&1
ktap_result_empty "checkpatch --strict" "$work/checkpatch.log"

# shell_script FILE: FILE's first line is a shell's #! line. Read by the
# shell: a head and a grep for each of the tree's 800 other files were
# 1,600 process starts.
shell_script() {
	local first=
	IFS= read -r -n 200 first < "$1" 2> /dev/null
	[[ $first =~ ^#!.*sh$ ]]
}

# Shell: every script of the tree, tracked or new, the host's as bash
# and the guest's (bench/guest, busybox ash) as dash. .shellcheckrc says
# what is disabled, and why; the guest's three extra exclusions too.
(
	cd "$TOP_DIR" || exit 1
	{ git ls-files --cached --others --exclude-standard 2>/dev/null ||
		find . -type f ! -path './.git/*' | sed 's|^\./||'; } |
		while read -r f; do
			case $f in
			*.sh) echo "$f" ;;
			*) [ -f "$f" ] && shell_script "$f" && echo "$f" ;;
			esac
		done | sort -u > "$work/scripts"
	# Two that only their #! line says are scripts.
	for f in .ci/run bench/guest/init; do
		grep -qxF "$f" "$work/scripts" || echo "$f: not taken for a shell script"
	done
	grep -v '^bench/guest/' "$work/scripts" | xargs -r shellcheck -f gcc
	grep '^bench/guest/' "$work/scripts" | xargs -r shellcheck -f gcc -e SC2086,SC2046,SC2034
) > "$work/shellcheck.log" 2>&1
ktap_result_empty "shellcheck on $(wc -l < "$work/scripts") shell scripts" "$work/shellcheck.log"

# One version, three places: DKMS compares MODULE_VERSION with the
# in-tree module's, dkms.conf names the source folder, the package ships it.
v_dkms=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$TOP_DIR/driver/dkms.conf")
v_mod=$(sed -n 's/^MODULE_VERSION("\(.*\)");/\1/p' "$TOP_DIR/driver/toshiba_bluetooth.c")
v_deb=$(sed -n '1s/^toshiba-bluetooth (\(.*\)).*/\1/p' "$TOP_DIR/debian/changelog")
[ -n "$v_dkms" ] && [ "$v_dkms" = "$v_mod" ] && [ "$v_dkms" = "$v_deb" ] &&
	: > "$work/version" ||
	echo "dkms.conf $v_dkms, MODULE_VERSION $v_mod, debian/changelog $v_deb" > "$work/version"
ktap_result_empty "one version in dkms.conf, MODULE_VERSION and debian/changelog" "$work/version"

# Each bench kernel's release must pass dkms.conf's BUILD_EXCLUSIVE_KERNEL
# (lint_kernel below).
exclusive=$(sed -n 's/^BUILD_EXCLUSIVE_KERNEL="\(.*\)"$/\1/p' "$TOP_DIR/driver/dkms.conf")

# Every shim's version test in compat.h, the floor and dkms.conf against
# docs/compat.md's table of upstream changes: no bench kernel is 6.2 to
# 6.11, so this is what catches a shim that switches at the wrong release.
# It also checks that BUILD_EXCLUSIVE_KERNEL refuses every release below
# compat.h's floor (4.0 to 6.0) and accepts every one from it.
python3 "$TOP_DIR/tests/compat-table.py" "$TOP_DIR" > "$work/compat" 2>&1
ktap_result_empty "compat.h and dkms.conf agree with docs/compat.md" "$work/compat"

# Each kernel in its own scratch folder, two at a time (two cores), the
# results printed in kernel order.
lint_kernel() {
	local k=$1 work=$work/$1
	mkdir -p "$work"
	fetch_kernel "$k" || { echo "not ok - fetch $k"; return; }
	load_kernel "$k"
	kbuild_checks "$k" "$TOP_DIR/driver"
	# udev autoloads by the alias. No parameters: the in-tree driver
	# has none, and upstream takes no new ones (rfkill's poll is the knob).
	local ko=$work/build/toshiba_bluetooth.ko
	: > "$work/modinfo"
	[ -z "$(modinfo -F parm "$ko")" ] ||
		echo "module parameters: $(modinfo -F parm "$ko")" >> "$work/modinfo"
	modinfo -F alias "$ko" | grep -q '^acpi\*:TOS6205:\*$' ||
		echo "no acpi*:TOS6205:* alias: $(modinfo -F alias "$ko")" >> "$work/modinfo"
	ktap_result_empty "$k: modinfo lists the TOS6205 alias and no parameters" "$work/modinfo"
	# DKMS builds for a kernel only if dkms.conf lets it.
	echo "$KVER" | grep -qE "$exclusive" > /dev/null &&
		: > "$work/exclusive" || echo "$KVER is refused by '$exclusive'" > "$work/exclusive"
	ktap_result_empty "$k: dkms.conf's BUILD_EXCLUSIVE_KERNEL accepts $KVER" "$work/exclusive"
}
for k in $(kernel_names); do
	lint_kernel "$k"
done
"$TOP_DIR/tests/series-lint.sh"
