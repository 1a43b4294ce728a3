#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# `make bench`: measure our driver and the in-tree one on every bench
# kernel in one run, and write docs/benchmarks.md and
# docs/reaction-time.svg. Both drivers of a kernel boot side by side; at
# most BENCH_JOBS guests (4) run at a time, so that TCG guests do not
# starve each other on a small machine.
set -euo pipefail
. "$(dirname "$0")/common.sh"

"$BENCH_DIR/scripts/setup.sh"
runs=()
for k in $(kernel_names); do
	fetch_kernel "$k"
	for d in ours in-tree; do runs+=("$k/$d"); done
done
out=$CACHE_DIR/benchmark
rm -rf "$out" && mkdir -p "$out"

log "booting ${runs[*]}, ${BENCH_JOBS:-4} at a time (about 8 minutes a batch)"
for r in "${runs[@]}"; do
	job_slot "${BENCH_JOBS:-4}"
	BENCH_OUT=$out/${r/\//-} BENCH_TIMEOUT=900 \
		"$BENCH_DIR/scripts/boot.sh" -m benchmark -d "${r#*/}" "${r%/*}" \
		> "$out/${r/\//-}.data" 2> "$out/${r/\//-}.err" < /dev/null &
done
wait
failed=0
for r in "${runs[@]}"; do
	grep -q '^ok 1 - benchmark' "$out/${r/\//-}.data" && continue
	failed=1
	echo "benchmark of $r did not finish:" >&2
	tail -n 20 "$out/${r/\//-}.data" >&2
done
[ $failed -eq 0 ] || exit 1

# Reaction samples, one file per run, in ms, for the plot.
for r in "${runs[@]}"; do
	awk '$1 == "data" && $2 == "reaction_us" {
		for (i = 3; i <= NF; i++) if ($i != "never") print $i / 1000 }' \
		"$out/${r/\//-}.data" | sort -n > "$out/${r/\//-}.ms"
done

"$BENCH_DIR/scripts/benchmark-report.sh" "$out" "${runs[@]}" > "$TOP_DIR/docs/benchmarks.md"
"$BENCH_DIR/scripts/benchmark-plot.sh" "$out" "${runs[@]}" > "$TOP_DIR/docs/reaction-time.svg"
log "wrote docs/benchmarks.md and docs/reaction-time.svg"
