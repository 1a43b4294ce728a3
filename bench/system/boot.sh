#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Boot the system lane's disk: the kernel and initramfs that Debian
# installed in it, systemd as init, the bench firmware table, and the
# scenarios that bench-system.service runs once the boot is done. Prints
# their KTAP, from the second serial port.
#
# usage: boot.sh -s STEP -d DRIVER -o SCENARIOS [-a ARGS] [-S] [-r] ROOT DISK OUT
#   STEP       the step's name, for the logs
#   DRIVER     the driver the step expects: ours or in-tree
#   SCENARIOS  comma-separated, from bench/system/guest/scenarios.sh
#   -a ARGS    more kernel command-line arguments, as a user would add
#   -S         the boot suspends to RAM (see below)
#   -r         the disk stays as it was: QEMU keeps the guest's writes in
#              a temporary overlay (snapshot=on) and drops them at exit
#   ROOT       the root the disk was made from (for its /boot)
#   OUT        folder for the firmware, the console log and the results
# Environment: BENCH_TIMEOUT (seconds, default 600), BENCH_START_TIMEOUT
# (seconds for the runner to start, default 360), BENCH_MEM (guest MiB,
# default 1024).
set -euo pipefail
. "$(dirname "$0")/../scripts/common.sh"

step='' driver='' only='' suspends='' snapshot=off args=''
while getopts s:d:o:a:Sr opt; do
	case $opt in
	a) args=$OPTARG ;;
	s) step=$OPTARG ;;
	d) driver=$OPTARG ;;
	o) only=$OPTARG ;;
	S) suspends=1 ;;
	r) snapshot=on ;;
	*) die "bad option" ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 3 ] && [ -n "$step" ] && [ -n "$only" ] ||
	die "usage: boot.sh -s STEP -d DRIVER -o SCENARIOS [-a ARGS] [-S] [-r] ROOT DISK OUT"
root=$1 disk=$2 out=$3
finished=
trap '[ -n "$finished" ] || echo "not ok - $step: the boot did not complete"' EXIT

mkdir -p "$out"
rm -f "$out"/{console.log,results.ktap}
compile_firmware system "$out/system" || exit 1
# The root has one kernel: the one make-root.sh installed.
vmlinuz=("$root"/boot/vmlinuz-*) initrd=("$root"/boot/initrd.img-*)
[ -f "${vmlinuz[0]}" ] && [ -f "${initrd[0]}" ] || die "no kernel and initramfs in $root/boot"
# That kernel uncompressed, booted through its PVH entry as the bench's
# are (bench/scripts/pvh-kernel.sh); but a boot that suspends boots it
# the usual way: resume from S3 goes back through the firmware, which a
# PVH-booted guest does not survive (QEMU exits at the wakeup, seen on
# the bench with QEMU 7.2).
kernel=${vmlinuz[0]} cpus=2
if [ -n "$suspends" ]; then
	cpus=1
else
	kernel=$("$BENCH_DIR/scripts/pvh-kernel.sh" "$kernel")
fi

# Units that a Debian boot starts and that nothing of the lane touches:
# modules and file systems that systemd loads and mounts for other
# software, the utmp records, and the timers of apt, dpkg, e2scrub,
# fstrim and tmpfiles. Masked on the kernel's command line, the root
# unchanged. Each costs process starts under TCG: the runner started 2
# s sooner, and a boot alone took about 5 CPU-s less (docs/bench.md).
# Not masked: udev, journald, dbus, logind (systemctl suspend asks it),
# systemd-rfkill, and the serial console's getty.
masked=(modprobe@configfs.service modprobe@dm_mod.service modprobe@drm.service
	modprobe@efi_pstore.service modprobe@fuse.service modprobe@loop.service
	dev-hugepages.mount dev-mqueue.mount sys-kernel-tracing.mount
	sys-fs-fuse-connections.mount sys-kernel-config.mount
	e2scrub_reap.service systemd-update-utmp.service
	systemd-update-utmp-runlevel.service getty@tty1.service
	apt-daily.timer apt-daily-upgrade.timer dpkg-db-backup.timer
	e2scrub_all.timer fstrim.timer systemd-tmpfiles-clean.timer)
masks=${masked[*]/#/systemd.mask=}

# The CPU: qemu64 without SVM, so the guest does not load kvm_amd, and
# with RDRAND, as the laptops' CPUs have it: without it the kernel's
# random pool was ready 9 to 11 s into the boot (at 0 s with it), and
# systemd-random-seed took 2.8 s where it now takes 0.7 (the first boot
# of the 6.1 image, pinned to a core, four runs each way in turns: 21.8
# CPU-s on average before, 20.8 after). With
# "-cpu max", QEMU 7.2's TCG left systemd unable to mount its API file
# systems (seen on the bench; the cause was not traced). Under TCG, a 7.x
# kernel now and then dies of an int3 trap while it patches its own code:
# at boot, and when a suspend takes the second CPU off and on line. A
# boot that suspends runs on one vCPU (-S), where that cannot happen.
# A panic reboots at once, which -no-reboot turns into QEMU's exit: a
# guest that dies before its runner starts is booted again, twice at
# most (boot_again in common.sh).
# A guest that suspends after its RTC alarm has fired (a slow host) would
# sleep until the timeout: qmp-wake.py wakes it through QMP if it is still
# asleep 8 s after it suspended, and says so.
# systemd takes longer than busybox to start the runner: 76 s for the 7.3
# image on one vCPU alone, twice that beside make check's other suites.
: "${BENCH_START_TIMEOUT:=360}"
boot() {
	local sock waker
	sock=$(mktemp -u /tmp/bench-qmp.XXXXXX)
	rm -f "$out"/{console.log,results.ktap}
	python3 "$BENCH_DIR/system/qmp-wake.py" "$sock" 8 2> "$out/qmp-wake.log" &
	waker=$!
	rc=0
	qemu_watched "$out" timeout -k 10 "${BENCH_TIMEOUT:-600}" \
		qemu-system-x86_64 -accel "$accel" -cpu qemu64,-svm,+rdrand -smp "$cpus" -m "${BENCH_MEM:-1024}" \
		-qmp "unix:$sock,server=on,wait=off" \
		-kernel "$kernel" -initrd "${initrd[0]}" \
		-append "root=/dev/vda rw fsck.mode=skip console=ttyS0 quiet loglevel=4 no_console_suspend panic=-1 bench.step=$step bench.driver=$driver bench.only=$only $masks $args" \
		-drive "file=$disk,format=raw,if=virtio,snapshot=$snapshot" \
		-acpitable "file=$out/system.aml" \
		-serial "file:$out/console.log" -serial "file:$out/results.ktap" \
		-nodefaults -display none -monitor none -net none -no-reboot < /dev/null || rc=$?
	wait "$waker" || true
	rm -f "$sock"
	sed 's/^/# /' "$out/qmp-wake.log"
}
guest_slot
# A guest pinned to one host CPU (a guest slot of make check) runs its
# vCPUs in one TCG thread, as the bench's do: with a thread per vCPU on
# one CPU, a vCPU that waits for its sibling (an IPI, a lock) spins until
# the host runs the sibling. The first boot of the 6.1 image, pinned,
# beside a busy loop on the other CPU: 26.7 to 28.3 CPU-s with a thread
# per vCPU, 21.6 to 21.7 in one thread (7.3: 53 to 55, 43 to 45). A guest
# that has the host's CPUs to itself (make check-system) keeps a thread
# per vCPU: alone, that boot took 17 s against 26 s in one thread.
accel=tcg
[ -z "${GUEST_CPU:-}" ] || accel=tcg,thread=single
boot
tries=1
while [ $tries -lt 3 ] && boot_again "$out" "$rc"; do
	boot
	tries=$((tries + 1))
done

st=0
guest_results "$out" "$rc" || st=$?
[ "$st" -ne 2 ] || exit 1
finished=1
exit "$st"
