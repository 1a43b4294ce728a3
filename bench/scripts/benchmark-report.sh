#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Write docs/benchmarks.md from the benchmark's data files.
# usage: benchmark-report.sh DATA_DIR KERNEL/DRIVER...
set -euo pipefail
dir=$1
shift
runs=("$@")

file() { echo "$dir/${1/\//-}.data"; }
get() { awk -v k="$2" '$1 == "data" && $2 == k { $1 = $2 = ""; sub(/^ +/, ""); print }' "$(file "$1")"; }

header() {
	printf '| %s |' "$1"
	for r in "${runs[@]}"; do printf ' %s |' "$r"; done
	printf '\n|---|'
	for r in "${runs[@]}"; do printf -- '---|'; done
	printf '\n'
}

# "BTST=1 AUSB=1 DUSB=0 BTPO=1 BTPF=0" -> "3: BTST AUSB BTPO"
calls_cell() {
	echo "$1" | awk '{
		n = 0; s = ""
		for (i = 1; i <= NF; i++) {
			split($i, kv, "=")
			if (kv[2] > 0) {
				n += kv[2]
				s = s " " (kv[2] > 1 ? kv[2] "x" : "") kv[1]
			}
		}
		print n ":" (s == "" ? " none" : s)
	}'
}

# "median / p90 / max" in ms of a list of microseconds, or never.
reaction_cell() {
	local never
	never=$(echo "$1" | tr ' ' '\n' | grep -c never)
	echo "$1" | tr ' ' '\n' | grep -v -e never -e '^$' | sort -n | awk -v never="$never" '
		{ v[++n] = $1 }
		END {
			if (n == 0) { print "never (" never " of " never " flips)"; exit }
			p90 = int(0.9 * n + 0.999)
			printf "%.1f / %.1f / %.1f (%d flips%s)\n", v[int((n + 1) / 2)] / 1000,
				v[p90] / 1000, v[n] / 1000, n, never ? ", " never " never" : ""
		}'
}

cat <<HEAD
# Benchmarks: our driver and the in-tree one, side by side

Made by \`make bench\` on $(date -u '+%Y-%m-%d %H:%M UTC'); regenerate it
rather than editing it. All runs were made in one run, ${BENCH_JOBS:-4}
guests at a time (both drivers of a kernel side by side), under QEMU with
TCG, on the reference firmware and each driver's default parameters.
Kernels: $(for r in "${runs[@]}"; do [ "${r#*/}" = ours ] && printf '%s ' "$(get "$r" kernel)"; done).

Under TCG, absolute times are only indicative; the call counts and the
ratios are the result. Calls are counted by the emulated firmware's own
per-method counters, so both drivers are measured the same way.

## Firmware calls per event

Median of 3 repetitions, counted from the event until the firmware's
counters stop moving for 0.5 s. "3: BTST AUSB BTPO" means three calls, one
of each. For events, polls and rfkill our driver makes one \`BTST\` plus only
the calls whose effect is missing; at load and resume it calls \`AUSB\` and
\`BTPO\` whatever \`BTST\` says, as boards whose status bits are shadows
need ([firmware-behaviours.md](firmware-behaviours.md)).

HEAD
header "event"
# The events in the order the guest measured them.
for e in $(get "${runs[0]}" calls | awk '{ print $1 }'); do
	printf '| %s |' "${e//_/ }"
	for r in "${runs[@]}"; do
		printf ' %s |' "$(calls_cell "$(get "$r" calls | awk -v e="$e" '$1 == e { $1 = ""; print }')")"
	done
	printf '\n'
done

cat <<HEAD

## Idle cost: firmware calls per minute while nothing happens

Windows of 60 s of guest time, two per switch position, one after the
other in the same boot. The switch-off windows come after the firmware
has notified a switch-on edge.

HEAD
header "switch, window"
for pos in on off; do
	for w in 1 2; do
		printf '| %s, window %s |' "$pos" "$w"
		for r in "${runs[@]}"; do
			printf ' %s |' "$(get "$r" idle | awk -v p="$pos" -v w="$w" '$1 == p && $2 == w {
				n = 0; for (i = 3; i <= NF; i++) { split($i, kv, "="); n += kv[2] }; print n }')"
		done
		printf '\n'
	done
done

cat <<HEAD

## Reaction time: switch-on event to radio up

From just before the control method that sends \`Notify (BT, 0x90)\` to
the first time the registers show the radio attached and powered, with
\`CLOCK_MONOTONIC\` inside the guest, the registers polled every 200 us
(\`bench/guest/tools/reaction.c\`). Median / p90 / max in ms. "never" means
the radio stayed down for 3 s after each of the first three flips: the
in-tree driver only reports the switch to rfkill on the event, it does not
power the radio back on, so the run stops there.
See also the [distribution](reaction-time.svg).

HEAD
header "driver and kernel"
printf '| median / p90 / max |'
for r in "${runs[@]}"; do printf ' %s |' "$(reaction_cell "$(get "$r" reaction_us)")"; done
printf '\n'

cat <<HEAD

## Load to radio up

From \`finit_module()\` to the radio attached and powered, median of 3
loads with the switch on and the radio down, in ms.

HEAD
header "driver and kernel"
printf '| load to up |'
for r in "${runs[@]}"; do
	v=$(get "$r" load_to_up_us)
	case $v in
	"" | never) printf ' never |' ;;
	*) printf ' %s |' "$(awk -v v="$v" 'BEGIN { printf "%.1f", v / 1000 }')" ;;
	esac
done
printf '\n'
