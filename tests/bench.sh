#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run the bench scenarios on the bench kernels: one boot per firmware
# table that has scenarios (bench/guest/scenarios/*), two or more for
# the reference table's (see ref_groups below). The oldest and the
# newest kernel of bench/kernels.list run every scenario; the kernels
# between run the article's (reference/10-article.sh) and the shadow
# bits' (reference/80-shadows.sh) in one boot, which keeps make check
# within its time on 2 cores. Boots run side by side, at most BENCH_JOBS
# at a time (default 4): the guests mostly wait on the driver, but TCG
# needs its share of a core.
# boot.sh's environment (BENCH_APPEND, BENCH_MEM, BENCH_TIMEOUT...) passes
# through to every boot.
#
# usage: bench.sh [-d DRIVER[,...]] [-f FIRMWARE[,...]] [-k KERNEL] [-a] [-m DIR]
#   (KTAP lines on stdout; DRIVER as boot.sh's -d, default ours; -k: that
#   kernel only, e.g. debug-6.1, with every scenario; -a: every scenario
#   on every kernel; -m: boot DIR/KERNEL.ko as ours where there is one,
#   the modules that tests/dkms.sh -o DIR built with DKMS)
set -uo pipefail
. "$(dirname "$0")/../bench/scripts/common.sh"

drivers=ours modules=
fws=$(cd "$BENCH_DIR/guest/scenarios" && ls)
kernels=$(kernel_names)
all=
while getopts d:f:k:am: opt; do
	case $opt in
	d) drivers=$(echo "$OPTARG" | tr , "\n") ;;
	f) fws=$(echo "$OPTARG" | tr , "\n") ;;
	k) kernels=$OPTARG all=1 ;;
	a) all=1 ;;
	m) modules=$OPTARG ;;
	*) exit 2 ;;
	esac
done
full_kernels=$(oldest_and_newest_kernels)
ref=$BENCH_DIR/guest/scenarios/reference
subset=$(scenario_names "$ref"/{10-article,80-shadows}.sh | paste -sd, -)
# The reference table's scenarios run in two boots on a kernel that runs
# them all, split before its file 40: one boot of them all (115 s of
# scenarios alone) was the bench's longest, and with make check's other
# suites on the cores it ended last. Halves alone: 51 s and 53 s of
# scenarios on 6.1, 57 s and 52 s on 7.3. BENCH_REF_GROUPS splits it
# otherwise: a glob on the files' numbers per boot (the debug lane's
# stress scenarios take longer, and it runs the table in three).
ref_groups=${BENCH_REF_GROUPS:-"[0-3] [4-9]"}

bench_start=$SECONDS
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Fetch and build first, one kernel at a time.
for k in $kernels; do
	fetch_kernel "$k" >&2
	"$BENCH_DIR/scripts/build-modules.sh" "$k" > /dev/null
	for d in $drivers; do
		case $d in
		upstream+*) "$BENCH_DIR/scripts/build-upstream.sh" "${d#upstream+}" "$k" > /dev/null ;;
		esac
	done
done

# The boots, longest first: "KERNEL FIRMWARE [SCENARIOS]" per line, once
# per driver.
: > "$out/full"; : > "$out/variants"; : > "$out/subset"
for k in $kernels; do
	if [ -z "$all" ] && ! echo "$full_kernels" | grep -qxF -- "$k"; then
		echo "$fws" | grep -qx reference && echo "$k reference $subset" >> "$out/subset"
		continue
	fi
	if echo "$fws" | grep -qx reference; then
		for g in $ref_groups; do
			# shellcheck disable=SC2086 # the group is a glob
			echo "$k reference $(scenario_names "$ref"/$g*.sh | paste -sd, -)" >> "$out/full"
		done
	fi
	echo "$fws" | grep -vx reference | sed "s/^/$k /" >> "$out/variants"
done
# dkms_module DRIVER KERNEL: the module that -m gave to boot as ours on
# KERNEL, if any.
dkms_module() {
	[ "$1" = ours ] && [ -n "$modules" ] && [ -f "$modules/$2.ko" ] && echo "$modules/$2.ko"
}
# Say what runs where: a kernel left out of the full tables by mistake
# would otherwise only show as fewer results.
for d in $drivers; do
	while read -r k fw only; do
		by=
		dkms_module "$d" "$k" > /dev/null && by=" (built by DKMS)"
		echo "# boot: $k $fw (${only:-all scenarios}), driver $d$by"
	done < <(cat "$out/full" "$out/variants" "$out/subset")
done
# A boot's files: DRIVER-KERNEL-FIRMWARE-NNN, NNN its line in the list,
# so that a table's two boots on one kernel keep theirs apart (its console
# log too, in the cache's runs/KERNEL-DRIVER-FIRMWARE-NNN).
boot() {
	local d=$1 k=$2 fw=$3 n=$4 only=${5:-} start=$SECONDS b ko
	b=$out/$d-$k-$fw-$n
	ko=$(dkms_module "$d" "$k")
	BENCH_OUT=$CACHE_DIR/runs/$k-$d-$fw-$n cpu_timed "$b.times" \
		"$BENCH_DIR/scripts/boot.sh" -d "$d" -f "$fw" ${only:+-o "$only"} ${ko:+-k "$ko"} "$k" \
		> "$b.ktap" 2> "$b.err"
	echo $((SECONDS - start)) > "$b.wall"
}
n=0
while read -r k fw only; do
	n=$((n + 1))
	for d in $drivers; do
		job_slot "${BENCH_JOBS:-4}"
		boot "$d" "$k" "$fw" "$(printf %03d $n)" "$only" < /dev/null &
	done
done < <(cat "$out/full" "$out/variants" "$out/subset")
wait

# The results in the order of the drivers, kernels and tables.
for d in $drivers; do
	for k in $kernels; do
		for fw in $fws; do
			for b in "$out/$d-$k-$fw-"[0-9][0-9][0-9].ktap; do
				[ -f "$b" ] || continue
				b=${b%.ktap}
				grep -v -e "Skipping BTF" "$b.err" >&2
				prefix_results "$k/$d: $fw/" < "$b.ktap"
				# Figures for whoever makes the bench faster: the boot's
				# wall time, its scenarios' own (each "# time:"), the
				# guest's busy time in them (each "# guest CPU:") and the
				# CPU the boot took on the host (QEMU's, mostly).
				awk -v b="$k/$d: $fw" -v w="$(cat "$b.wall")" \
					-v c="$(cpu_seconds < "$b.times")" \
					'/^# time: [0-9]+ s$/ { s += $3; n++ }
					/^# guest CPU: [0-9]+ ms$/ { g += $4 }
					END { printf "# boot %s: %d scenarios, %d s in them (guest CPU %.1f s), %d s wall, %d CPU-s\n", b, n, s, g / 1000, w, c }' \
					"$b.ktap"
			done
		done
	done
done
boots=("$out"/*.ktap)
echo "# bench: ${#boots[@]} boots, $((SECONDS - bench_start)) s"
