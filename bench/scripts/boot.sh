#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Boot one bench kernel in QEMU with a firmware table and a driver, run
# the scenarios in the guest, and print their KTAP. The guest's console
# goes to a log; the results come out on the second serial port only.
#
# usage: boot.sh [-f FIRMWARE] [-d DRIVER] [-k MODULE] [-o SCENARIOS] [-m MODE] KERNEL
#   DRIVER     ours (default), in-tree (the kernel's own module), or
#              upstream+N: the upstream file with the first N patches of
#              upstream/ (upstream+series: all), built for KERNEL
#   FIRMWARE   table name in bench/firmware (default: reference)
#   SCENARIOS  comma-separated scenario names (default: all)
#   MODE       check (default) or demo
#   MODULE     a toshiba_bluetooth.ko to boot as ours (e.g. the DKMS-built one)
# Environment: BENCH_KVM=1 uses KVM (off by default: TCG), BENCH_TIMEOUT
# (seconds, default 600), BENCH_START_TIMEOUT (seconds for the guest to
# start its runner, default 180; then it is booted again), BENCH_OUT
# (folder for the console log), BENCH_STRESS=full (the stress scenarios' full counts; default short),
# BENCH_APPEND (more kernel arguments), BENCH_MEM (guest MiB, default 512).
# Exit status: 0 when the guest finished and reported no failure.
set -euo pipefail
. "$(dirname "$0")/common.sh"

fw=reference driver=ours only='' mode=check module=''
while getopts f:d:k:o:m: opt; do
	case $opt in
	f) fw=$OPTARG ;;
	d) driver=$OPTARG ;;
	k) module=$OPTARG ;;
	o) only=$OPTARG ;;
	m) mode=$OPTARG ;;
	*) die "bad option" ;;
	esac
done
shift $((OPTIND - 1))
kname=${1:?usage: boot.sh [options] KERNEL}
case $driver in ours | in-tree | upstream+*) ;; *) die "driver must be ours, in-tree or upstream+N" ;; esac

# However the boot ends, it reports: a boot that dies before the guest
# finishes (a failed fetch, build or iasl, a hung guest) is one failure.
finished=
trap '[ -n "$finished" ] || echo "not ok - the boot did not complete"' EXIT

fetch_kernel "$kname"
load_kernel "$kname"
mods=$("$BENCH_DIR/scripts/build-modules.sh" "$kname")
case $driver in
upstream+*) module=$("$BENCH_DIR/scripts/build-upstream.sh" "${driver#upstream+}" "$kname") ||
	exit 1 ;;
esac

out=${BENCH_OUT:-$CACHE_DIR/runs/$kname-$driver-$fw}
mkdir -p "$out"
rm -f "$out"/{console.log,results.ktap}

compile_firmware "$fw" "$out/$fw" || exit 1
"$BENCH_DIR/scripts/make-initramfs.sh" "$mods" \
	"${module:-$mods/$driver/toshiba_bluetooth.ko}" "$out/initrd.gz"

# TCG runs both vCPUs in one host thread (thread=single): the guest is
# still SMP, and boots side by side share two cores without a vCPU
# spinning on a lock that its sibling holds while the host has that
# sibling descheduled. make check's bench: 423 CPU-s and 223 s with a
# thread per vCPU, 339 CPU-s and 185 s with one (docs/bench.md).
accel=tcg,thread=single
[ "${BENCH_KVM:-0}" = 1 ] && accel=kvm
# The kernel uncompressed, booted through its PVH entry (pvh-kernel.sh).
kernel=$("$BENCH_DIR/scripts/pvh-kernel.sh" "$VMLINUZ")
console="file:$out/console.log"
[ "$mode" = demo ] && console=stdio

boot() {
	rc=0
	rm -f "$out"/{console.log,results.ktap}
	qemu_watched "$out" timeout -k 10 "${BENCH_TIMEOUT:-600}" \
		qemu-system-x86_64 -accel "$accel" -cpu max -smp 2 -m "${BENCH_MEM:-512}" \
		-kernel "$kernel" -initrd "$out/initrd.gz" \
		-append "console=ttyS0 panic=-1 quiet loglevel=4 no_console_suspend bench.driver=$driver bench.fw=$fw bench.mode=$mode bench.only=$only bench.stress=${BENCH_STRESS:-short} ${BENCH_APPEND:-}" \
		-acpitable "file=$out/$fw.aml" \
		-serial "$console" -serial "file:$out/results.ktap" \
		-display none -monitor none -net none -no-reboot < /dev/null || rc=$?
}
guest_slot
boot
# A boot that died before the bench started is booted again, twice at
# most (see boot_again in common.sh); the demo's console is the terminal.
tries=1
while [ "$mode" != demo ] && [ $tries -lt 3 ] && boot_again "$out" "$rc"; do
	boot
	tries=$((tries + 1))
done

st=0
guest_results "$out" "$rc" || st=$?
[ "$st" -ne 2 ] || exit 1
finished=1
exit "$st"
