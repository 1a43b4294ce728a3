#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run the bench scenarios on the bench kernels: one boot per firmware
# variant that has scenarios (bench/guest/scenarios/*). The oldest and the
# newest kernel of bench/kernels.list run every scenario; the kernels
# between run the article's (reference/10-article.sh) and the shadow
# firmware's, which keeps make check within its time on 2 cores. Boots
# run side by side, at most BENCH_JOBS at a time (default 4): the guests
# mostly wait on the driver, but TCG needs its share of a core.
# boot.sh's environment (BENCH_APPEND, BENCH_MEM, BENCH_TIMEOUT...) passes
# through to every boot.
#
# usage: bench.sh [-d ours|in-tree] [-f FIRMWARE] [-k KERNEL] [-a]
#   (KTAP lines on stdout; -k: that kernel only, e.g. debug-6.1, with
#   every scenario; -a: every scenario on every kernel)
set -uo pipefail
. "$(dirname "$0")/../bench/scripts/common.sh"

driver=ours
fws=$(cd "$BENCH_DIR/guest/scenarios" && ls)
kernels=$(kernel_names)
all=
while getopts d:f:k:a opt; do
	case $opt in
	d) driver=$OPTARG ;;
	f) fws=$OPTARG ;;
	k) kernels=$OPTARG all=1 ;;
	a) all=1 ;;
	*) exit 2 ;;
	esac
done
full_kernels=$(oldest_and_newest_kernels)
article=$(sed -n 's/^SCENARIOS="$SCENARIOS \([a-z_0-9]*\)"$/\1/p' \
	"$BENCH_DIR/guest/scenarios/reference/10-article.sh" | paste -sd, -)

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Fetch and build first, one kernel at a time.
for k in $kernels; do
	"$BENCH_DIR/scripts/fetch-kernel.sh" "$k" >&2
	"$BENCH_DIR/scripts/build-modules.sh" "$k" > /dev/null
done

# The boots, longest first: "KERNEL FIRMWARE [SCENARIOS]" per line.
: > "$out/full"; : > "$out/variants"; : > "$out/subset"
for k in $kernels; do
	if [ -z "$all" ] && ! echo "$full_kernels" | grep -qxF -- "$k"; then
		echo "$fws" | grep -qx reference && echo "$k reference $article" >> "$out/subset"
		echo "$fws" | grep -qx shadows && echo "$k shadows" >> "$out/subset"
		continue
	fi
	echo "$fws" | grep -x reference | sed "s/^/$k /" >> "$out/full"
	echo "$fws" | grep -vx reference | sed "s/^/$k /" >> "$out/variants"
done
# Say what runs where: a kernel left out of the full tables by mistake
# would otherwise only show as fewer results.
awk '{ print "# boot: " $1 " " $2 ($3 == "" ? " (all scenarios)" : " (" $3 ")") }' \
	"$out/full" "$out/variants" "$out/subset"
boot() {
	local k=$1 fw=$2 only=${3:-}
	"$BENCH_DIR/scripts/boot.sh" -d "$driver" -f "$fw" ${only:+-o "$only"} "$k" \
		> "$out/$k-$fw.ktap" 2> "$out/$k-$fw.err"
}
while read -r k fw only; do
	while [ "$(jobs -rp | wc -l)" -ge "${BENCH_JOBS:-4}" ]; do wait -n; done
	boot "$k" "$fw" "$only" < /dev/null &
done < <(cat "$out/full" "$out/variants" "$out/subset")
wait

# The results in the order of the kernels and tables.
for k in $kernels; do
	for fw in $fws; do
		[ -f "$out/$k-$fw.ktap" ] || continue
		grep -v -e "Skipping BTF" "$out/$k-$fw.err" >&2
		prefix_results "$k/$driver: $fw/" < "$out/$k-$fw.ktap"
	done
done
