#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The system lane: Debian as a user has it on the virtual Toshiba. A disk
# made from the lane's root (bench/system/make-root.sh) boots with systemd
# as init, and the user's path runs over five boots: the in-tree module
# before our package; apt install of the .deb (DKMS builds the module in
# the root, by chroot, at native speed); ours autoloaded by udev; a block
# kept over a reboot by systemd-rfkill; a real suspend to RAM; apt remove
# (by chroot too) and the in-tree module back. The host's /lib/modules,
# apt and packages are not touched. Each step says its time (a figure
# only).
# The lane's root is the cached one under an overlay that holds this
# run's changes, mounted in a mount namespace of the lane's own: nothing
# is copied, and nothing outside the lane sees the mount.
#
# usage: system.sh [KERNEL...]   (default: oldest)
#   KERNEL  a bench kernel's name, or "oldest" (6.1, the Debian 12 image)
#           or "newest" (7.3, the Debian 13 image) from kernels.list
set -uo pipefail
if [ -z "${SYSTEM_LANE_NS:-}" ]; then
	exec unshare -m -- env SYSTEM_LANE_NS=1 "$0" "$@"
fi
mount --make-rprivate /
. "$(dirname "$0")/../bench/scripts/common.sh"
. "$(dirname "$0")/ktap.sh"
cd "$TOP_DIR" || exit 1

log=$(mktemp)
# The package is built in a folder of this run's own (see tests/deb.sh).
dist=$(mktemp -d)
trap 'rm -rf "$log" "$dist"' EXIT

# step NAME CMD...: one result for a host-side step, with its time.
step() {
	local name=$1 start=$SECONDS st=0
	shift
	"$@" > "$log" 2>&1 || st=$?
	echo "# time: $name: $((SECONDS - start)) s"
	[ "$st" -eq 0 ] || { tail -n 30 "$log" > "$log.tail" && mv "$log.tail" "$log"; }
	ktap_result "$name" "$st" "$log"
	return "$st"
}

# The lane's root in $work: the cached root under an overlay whose upper
# layer starts empty each run. Then what the lane adds to it: the runner
# and its unit, the bench's acpi_call module, and debug logs from
# systemd-rfkill (its restore is logged at debug level only).
prepare_work_root() {
	local w=$work acpi_call=$1
	rm -rf "$layer" && mkdir -p "$layer/upper" "$layer/work" "$w" &&
		mount -t overlay system-lane -o "lowerdir=$root,upperdir=$layer/upper,workdir=$layer/work" "$w" &&
		rm -f "$w/.bench-root" &&
		install -d "$w/bench" "$w/lib/modules/$KVER/extra" &&
		install -m 0755 bench/system/guest/run.sh "$w/bench/" &&
		install -m 0644 bench/guest/lib.sh bench/system/guest/scenarios.sh "$w/bench/" &&
		install -m 0644 bench/system/guest/bench-system.service "$w/etc/systemd/system/" &&
		ln -sf /etc/systemd/system/bench-system.service \
			"$w/etc/systemd/system/multi-user.target.wants/bench-system.service" &&
		install -d "$w/etc/systemd/system/systemd-rfkill.service.d" &&
		printf '[Service]\nEnvironment=SYSTEMD_LOG_LEVEL=debug\n' \
			> "$w/etc/systemd/system/systemd-rfkill.service.d/debug.conf" &&
		install -m 0644 "$acpi_call" "$w/lib/modules/$KVER/extra/" &&
		echo acpi_call > "$w/etc/modules-load.d/bench.conf" &&
		in_root "$w" depmod "$KVER"
}

# make_disk DISK: an ext4 image filled from the root: no loop device, no
# mount.
make_disk() {
	rm -f "$1" && truncate -s 4G "$1" &&
		mkfs.ext4 -q -F -L bench-root -d "$work" "$1"
}

prepare_disk() { prepare_work_root "$1" && make_disk "$2"; }

# first_disk_key ACPI_CALL: what the first boot's disk is made from: the
# root's packages and kernel, the files the lane adds, and this script
# (how it adds them and makes the disk). The first boot changes nothing
# on its disk (boot.sh -r), so a disk made from the same is kept in the
# cache and booted again: its mkfs cost 8 CPU-s, 20 to 35 s at the start
# of make check.
first_disk_key() {
	{
		sha256sum "$root/var/lib/dpkg/status" "$root/etc/initramfs-tools/conf.d/bench-vm" \
			bench/system/guest/run.sh bench/guest/lib.sh bench/system/guest/scenarios.sh \
			bench/system/guest/bench-system.service "$1" tests/system.sh | cut -d' ' -f1
		stat -c '%n %s %Y' "$root"/boot/*
	} | sha256sum | cut -d' ' -f1
}

# first_disk ACPI_CALL: the lane's root in $work, and the first boot's
# disk, made again only when its key has changed ($kept says when not).
first_disk() {
	local key
	key=$(first_disk_key "$1")
	kept=
	if [ -f "$disk0" ] && [ "$(cat "$disk0.key" 2> /dev/null)" = "$key" ]; then
		prepare_work_root "$1" && kept=1
	else
		rm -f "$disk0.key"
		prepare_disk "$1" "$disk0" && echo "$key" > "$disk0.key"
	fi
}

# The package, built in the bench's build root as tests/deb.sh does, and
# installed in the lane's root as a user would: apt install ./...deb.
install_package() {
	local sysroot deb
	sysroot=$("$BENCH_DIR/scripts/build-root.sh" "$(kernel_release "$k")" \
		dkms build-essential debhelper dh-dkms dpkg-dev) || return 1
	rm -f "$dist"/toshiba-bluetooth-dkms_*.deb
	in_root "$sysroot" make -s deb DIST="$dist" || return 1
	deb=$(ls "$dist"/toshiba-bluetooth-dkms_*_all.deb) || return 1
	in_root "$work" env DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -q --no-install-recommends "$deb" || return 1
	ls "$work/lib/modules/$KVER/updates/dkms/toshiba_bluetooth.ko"*
}

# apt remove in the lane's root, as the install: by chroot at native
# speed (in the guest, under TCG, it took 27 s of a boot alone and 85 s
# beside make check's other suites). The last boot proves what it left.
remove_package() {
	in_root "$work" env DEBIAN_FRONTEND=noninteractive \
		apt-get remove -y -q toshiba-bluetooth-dkms || return 1
	! ls "$work/lib/modules/$KVER/updates/dkms/toshiba_bluetooth.ko"* 2> /dev/null &&
		[ -z "$(in_root "$work" dkms status toshiba-bluetooth)" ]
}

# guest STEP DRIVER DISK SCENARIO...: one boot of DISK. A boot with a
# real suspend says so (see bench/system/boot.sh); so does the first
# boot, whose disk is kept as it was. KERNEL_ARGS, if set, go on the
# boot's kernel command line.
guest() {
	local s=$1 d=$2 disk=$3 start=$SECONDS flags=()
	shift 3
	case " $* " in *" real_suspend"*) flags+=(-S) ;; esac
	[ "$disk" != "$disk0" ] || flags+=(-r)
	[ -z "${KERNEL_ARGS:-}" ] || flags+=(-a "$KERNEL_ARGS")
	cpu_timed "$out/$s.times" \
		"$BENCH_DIR/system/boot.sh" -s "$s" -d "$d" -o "$(IFS=,; echo "$*")" "${flags[@]}" \
		"$work" "$disk" "$out/$s" | prefix_results "$k: $s: "
	echo "# time: $k: boot $s: $((SECONDS - start)) s, $(cpu_seconds < "$out/$s.times") CPU-s"
}

lane() {
	local k=$1 root work layer disk disk0 disk1 out mods st remover kept start=$SECONDS
	step "$k: the Debian root of the lane" "$BENCH_DIR/system/make-root.sh" "$k" || return
	root=$(tail -n1 "$log")
	load_kernel "$k"
	mods=$("$BENCH_DIR/scripts/build-modules.sh" "$k") || { echo "not ok - $k: the bench's modules"; return; }
	out=$CACHE_DIR/runs/system-$k
	work=$CACHE_DIR/system/$k/root
	layer=$CACHE_DIR/system/$k/changes
	disk0=$CACHE_DIR/system/$k/disk-before-package.img
	disk=$CACHE_DIR/system/$k/disk.img
	disk1=$CACHE_DIR/system/$k/disk-after-remove.img
	mkdir -p "$out"
	# The mount point is empty, unless a lane from before the overlay left
	# its copy of the root there.
	[ -z "$(ls -A "$work" 2> /dev/null)" ] || rm -rf "$work"
	step "$k: a disk of the root, with the lane's runner" \
		first_disk "$mods/acpi_call.ko" || return
	[ -z "$kept" ] || echo "# $k: the first boot's disk is the one made before from the same root and files"

	# The first boot needs nothing from the steps after it: the package is
	# built, installed and put on a disk of its own while it runs.
	guest before-package in-tree "$disk0" in_tree_autoloaded > "$out/before-package.out" &
	{
		step "$k: apt install ./toshiba-bluetooth-dkms_*.deb builds and installs the module with DKMS" \
			install_package &&
			step "$k: the disk with the package installed" make_disk "$disk"
	} > "$out/install.out"
	st=$?
	wait
	cat "$out/before-package.out" "$out/install.out"
	[ "$st" -eq 0 ] || return
	# The package goes from the root that $disk was made from, and the
	# last boot's disk is made from what is left, while the three boots
	# of $disk run; that boot needs nothing of theirs, and runs beside
	# them once a guest slot is free. Its results come last.
	{
		step "$k: apt remove toshiba-bluetooth-dkms takes the DKMS module away" \
			remove_package &&
			step "$k: the disk with the package removed" make_disk "$disk1" &&
			guest removed in-tree "$disk1" package_removed in_tree_autoloaded
	} > "$out/remove.out" &
	remover=$!
	guest installed ours "$disk" ours_autoloaded radio_up_at_boot probe_line_in_journal \
		block_before_reboot
	# The owner who wants Bluetooth off through boot (README): the saved
	# block, and rfkill.default_state=0 until systemd-rfkill restores it.
	KERNEL_ARGS=rfkill.default_state=0 \
		guest blocked ours "$disk" block_restored_at_boot unblock_brings_the_radio_up \
		mem_sleep_offers_deep real_suspend_keeps_the_radio \
		real_suspend_with_the_switch_moved
	guest unblocked ours "$disk" ours_autoloaded unblock_kept_at_boot
	wait "$remover"
	cat "$out/remove.out"
	echo "# time: $k: the system lane: $((SECONDS - start)) s"
}

for k in "${@:-oldest}"; do
	lane "$(kernel_named "$k")"
done
