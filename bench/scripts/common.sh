# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Shared settings for the bench's host-side scripts. Sourced, not run.

# The folders, found once per make and passed on to the scripts that it
# starts (BENCH_TREE_DIR, taken when it holds this very file): each
# script's start paid three processes for them, and a process start is
# dear on this machine (nap, below).
if [ -n "${BENCH_TREE_DIR:-}" ] &&
	[ "$BENCH_TREE_DIR/bench/scripts/common.sh" -ef "${BASH_SOURCE[0]}" ]; then
	BENCH_DIR=$BENCH_TREE_DIR/bench
else
	BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
fi
TOP_DIR=${BENCH_DIR%/bench}
export BENCH_TREE_DIR=$TOP_DIR
CACHE_DIR=${BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/toshiba-bluetooth-bench}
KERNELS_LIST=$BENCH_DIR/kernels.list

die() { echo "${0##*/}: $*" >&2; exit 1; }
log() { echo "${0##*/}: $*" >&2; }

# cpu_timed FILE CMD...: run CMD, and write to FILE what bash's `times`
# says of it: in a subshell of its own, its second line is the CPU time
# of the processes CMD ran and waited for.
cpu_timed() {
	local file=$1
	shift
	(
		"$@"
		times > "$file"
	)
}

# cpu_seconds: whole seconds of CPU, user and system, from a cpu_timed
# FILE on stdin.
cpu_seconds() {
	awk 'NR == 2 {
		for (i = 1; i <= 2; i++) {
			split($i, t, /[ms]/)
			cpu += t[1] * 60 + t[2]
		}
		printf "%d\n", cpu + 0.5
	}'
}

# The archive the host's apt uses for Debian (its first "debian" URI),
# for the bench's own apt configurations.
debian_mirror() {
	local uri
	# shellcheck disable=SC2016 # apt's own $(FIELD) syntax
	uri=$(apt-get indextargets --format '$(REPO_URI)' 2>/dev/null |
		grep -m1 '/debian/$')
	echo "${uri:-http://deb.debian.org/debian/}"
}

APT_KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg

# debian_source SUITE: the sources.list line of one suite on the archive
# (security suites live under debian-security).
debian_source() {
	local mirror
	mirror=$(debian_mirror)
	case $1 in
	*-security) echo "deb [signed-by=$APT_KEYRING] ${mirror%/debian/}/debian-security $1 main" ;;
	*) echo "deb [signed-by=$APT_KEYRING] $mirror $1 main" ;;
	esac
}

# apt_in SUITES APT-GET-ARGS...: run apt-get with a private configuration
# in the cache that knows SUITES only (comma-separated, e.g.
# "trixie,trixie-security"): the host's sources are never read or changed.
# Its package lists are refreshed when older than 12 hours.
apt_in() {
	local suites=$1 dir s opts
	shift
	dir=$CACHE_DIR/apt/${suites//,/+}
	opts=(-q -o "Dir::Etc::SourceList=$dir/sources.list"
		-o "Dir::Etc::SourceParts=$dir/none.d"
		-o Dir::Etc::Preferences=/dev/null
		-o "Dir::Etc::PreferencesParts=$dir/none.d"
		-o "Dir::State=$dir/state" -o "Dir::State::status=$dir/state/status"
		-o "Dir::Cache=$dir/cache"
		-o APT::Sandbox::User=root)
	# sid's InRelease on the archive is past its Valid-Until.
	case ",$suites," in *,sid,* | *,unstable,*)
		opts+=(-o Acquire::Check-Valid-Until=false) ;;
	esac
	mkdir -p "$dir/state/lists/partial" "$dir/cache/archives/partial" "$dir/none.d"
	# Kernels are fetched side by side: one update at a time.
	(
		flock 9
		[ -n "$(find "$dir/updated" -mmin -720 2>/dev/null)" ] && exit 0
		: > "$dir/state/status"
		for s in ${suites//,/ }; do
			debian_source "$s"
		done > "$dir/sources.list"
		log "apt-get update for $suites (private, in $dir)"
		apt-get "${opts[@]}" update >/dev/null && touch "$dir/updated"
	) 9> "$dir.lock" || return 1
	apt-get "${opts[@]}" "$@"
}

# apt_download SUITES PACKAGE...: into the current folder.
apt_download() {
	local suites=$1
	shift
	apt_in "$suites" download "$@" >/dev/null
}

# linux_source_files SUITE VERSION DEST FILE...: take FILEs (paths in the
# kernel tree) from Debian's linux-source-VERSION package of SUITE into
# DEST, at the same paths. DEST is made whole or not at all.
linux_source_files() {
	local suite=$1 top=linux-source-$2 dest=$3
	shift 3
	rm -rf "$dest.tmp" && mkdir -p "$dest.tmp"
	(
		cd "$dest.tmp" &&
			apt_download "$suite" "$top" &&
			dpkg-deb --fsys-tarfile "$top"_*.deb |
			tar -xO "./usr/src/$top.tar.xz" |
			tar -xJ --strip-components=1 "${@/#/$top/}" &&
			rm -f ./*.deb
	) || { rm -rf "$dest.tmp"; return 1; }
	rm -rf "$dest" && mv "$dest.tmp" "$dest"
}

# The suite of the host toolchain's release: source packages, acpi_call.
HOST_SUITE=bookworm

# Names of the bench kernels, in list order.
kernel_names() { awk '!/^#/ && NF { print $1 }' "$KERNELS_LIST"; }

# A bench kernel's name, with "oldest" and "newest" read from kernels.list:
# its first and its last kernel.
kernel_named() {
	case $1 in
	oldest) kernel_names | head -n1 ;;
	newest) kernel_names | tail -n1 ;;
	*) echo "$1" ;;
	esac
}
oldest_and_newest_kernels() { { kernel_named oldest; kernel_named newest; } | uniq; }

# Column N of one bench kernel's line in kernels.list.
kernel_field() {
	awk -v n="$1" -v f="$2" '!/^#/ && $1 == n { print $f }' "$KERNELS_LIST"
}
kernel_suites() { kernel_field "$1" 2; }	# comma-separated
kernel_meta() { kernel_field "$1" 3; }
kernel_root_suite() { kernel_field "$1" 4; }	# "host", or a Debian suite

# The Debian release whose packages go with one bench kernel: its build
# root's suite, or the host's for a kernel built with the host's toolchain.
kernel_release() {
	local suite
	suite=$(kernel_root_suite "$1")
	[ -n "$suite" ] && [ "$suite" != host ] || suite=$HOST_SUITE
	echo "$suite"
}

kernel_dir() { echo "$CACHE_DIR/kernels/$1"; }

# The scenarios a table's FILEs define, scenario_NAME() each, in order:
# what the guest's init finds and what boot.sh -o takes.
scenario_names() { sed -n 's/^scenario_\([a-z0-9_]*\)() {$/\1/p' "$@"; }

# Prefix the names of a boot's results (stdin) with where they ran.
prefix_results() {
	awk -v p="$1" 'match($0, /^(not ok|ok)( [0-9]+)? - /) {
		$0 = substr($0, 1, RLENGTH) p substr($0, RLENGTH + 1)
	} 1'
}

# boot_again OUT RC: whether a boot that never started the guest's runner
# should be booted again, and why (printed as a KTAP comment). Under TCG a
# 7.x guest kernel now and then dies of an int3 trap while it patches its
# own code (QEMU 7.2's cross-CPU code modification), or hangs there with
# nothing on either serial port (qemu_watched stops it: status 125); and
# on a loaded host any kernel may fail its boot-time check of the timer
# interrupt, which counts ticks against a busy loop ("IO-APIC + timer doesn't work!"; once twice in a row in
# make check). No scenario has run, so no result is lost.
boot_again() {
	grep -q '^KTAP version' "$1/results.ktap" 2>/dev/null && return 1
	if grep -q -e 'Kernel panic' -e 'Oops' "$1/console.log" 2>/dev/null; then
		echo "# the guest kernel crashed before the bench started: $(grep -m1 -e 'Oops' -e 'Kernel panic' "$1/console.log" | tr -d '\r'); booting again"
		cp "$1/console.log" "$1/console.crashed.log"
		return 0
	fi
	if [ "$2" -eq 125 ]; then
		echo "# the guest's runner had not started after ${BENCH_START_TIMEOUT:-180} s; booting again"
		cp "$1/console.log" "$1/console.hung.log" 2>/dev/null
		return 0
	fi
	return 1
}

# nap SECONDS: sleep without starting a process: a read that times out
# on a pipe that nothing writes (opened once per shell). The waits that
# poll once a second use it: a process start cost 7.6 ms of CPU on this
# machine's host beside make check (1,000 runs of /bin/true), and the
# polls were a thousand of them per make check (docs/bench.md).
nap() {
	[ -n "${NAP_FD:-}" ] || exec {NAP_FD}<> <(:)
	read -r -t "$1" -u "$NAP_FD" || :
}

# runner_started OUT: the guest's runner has written its KTAP header to
# the results port (OUT/results.ktap); read by the shell, not grep.
runner_started() {
	local line
	[ -f "$1/results.ktap" ] || return 1
	while IFS= read -r line; do
		[[ $line == "KTAP version"* ]] && return 0
	done < "$1/results.ktap"
	return 1
}

# qemu_watched OUT CMD...: run a guest's QEMU (CMD, under timeout), and
# stop it when its runner has not started (no KTAP header on the results
# port, OUT/results.ktap) within BENCH_START_TIMEOUT seconds (default
# 180). Under TCG a guest now and then hangs early in its boot with
# nothing on either port; without this it held its place in the lane
# until BENCH_TIMEOUT (30 minutes in the debug lane). Says when the
# runner started, as a KTAP comment. Returns CMD's status, or 125 when
# the guest was stopped.
qemu_watched() {
	local out=$1 pid waited=0 rc=0
	shift
	if [ -n "${GUEST_CPU:-}" ]; then
		taskset -c "$GUEST_CPU" "$@" &
	else
		"$@" &
	fi
	pid=$!
	while ! runner_started "$out"; do
		kill -0 "$pid" 2>/dev/null || break
		if [ "$waited" -ge "${BENCH_START_TIMEOUT:-180}" ]; then
			# timeout(1) passes the signal on to QEMU.
			kill "$pid"
			wait "$pid"
			return 125
		fi
		nap 1
		waited=$((waited + 1))
	done
	kill -0 "$pid" 2>/dev/null && echo "# the guest's runner started within $((waited + 1)) s"
	wait "$pid" || rc=$?
	return "$rc"
}

# guest_slots DIR: DIR holds the slots of guest_slot for two guests at a
# time, named by the CPUs it pins them to: one guest per core of a
# 2-core machine.
guest_slots() { mkdir -p "$1" && touch "$1/0" "$1/1"; }

# job_slot N: wait until fewer than N of this shell's background jobs
# run, before starting another.
job_slot() {
	while [ "$(jobs -rp | wc -l)" -ge "$1" ]; do wait -n; done
}

# in_order N DIR CMD ITEM...: CMD ITEM for every ITEM, N at a time, each
# one's stdout and stderr kept in DIR; once all have ended, their stdout
# and stderr, item by item in the order given. CMD is a command or a
# function of the caller; DIR is the caller's scratch folder. It waits
# for all of the shell's jobs: call it with none of the caller's running.
in_order() {
	local n=$1 dir=$2 cmd=$3 i=0 item
	shift 3
	for item; do
		job_slot "$n"
		"$cmd" "$item" > "$dir/$i.out" 2> "$dir/$i.err" &
		i=$((i + 1))
	done
	wait
	for ((i = 0; i < $#; i++)); do
		cat "$dir/$i.out"
		cat "$dir/$i.err" >&2
	done
}

# guest_slot: wait for a free one of the slots in BENCH_GUEST_SLOTS (a
# folder with one file per guest allowed at a time), and hold it until
# this script exits: QEMU inherits the lock. make check shares its slots
# between the bench and the system lane, so that a guest of one runs
# where the other has none. Without BENCH_GUEST_SLOTS, no wait.
# A slot named by a CPU of this machine pins its guest to that CPU
# (GUEST_CPU, for qemu_watched): the guests no longer move between the
# cores, and the host-side suites run where a guest leaves room. make
# check, three runs each way in turns: 677, 759 and 697 CPU-s pinned,
# 713, 818 and 746 not (docs/bench.md).
guest_slot() {
	local slot
	GUEST_CPU=
	[ -n "${BENCH_GUEST_SLOTS:-}" ] || return 0
	while :; do
		for slot in "$BENCH_GUEST_SLOTS"/*; do
			exec {GUEST_SLOT_FD}> "$slot" || return 1
			if flock -n "$GUEST_SLOT_FD"; then
				taskset -c "${slot##*/}" true 2> /dev/null && GUEST_CPU=${slot##*/}
				return 0
			fi
			exec {GUEST_SLOT_FD}>&-
		done
		nap 1
	done
}

# guest_results OUT RC: a boot's KTAP, from OUT/results.ktap (the serial
# port ends lines with CR LF). Returns 0 when every result passed, 1 on a
# failure, and 2 when the guest never said it was done: then the
# console's last lines and QEMU's status RC are shown too.
guest_results() {
	[ -f "$1/results.ktap" ] && tr -d '\r' < "$1/results.ktap"
	if ! grep -q '^# bench: done' "$1/results.ktap" 2>/dev/null; then
		tail -n 40 "$1/console.log" 2>/dev/null | sed 's/^/# /'
		echo "# qemu status $2; console: $1/console.log"
		return 2
	fi
	! grep -q '^not ok' "$1/results.ktap"
}

# compile_firmware NAME OUT: bench/firmware/NAME.asl to OUT.aml. cpp runs
# first, as the firmware model is included once per device with macros;
# OUT.asl is what iasl compiled and OUT.log what it said (shown on failure).
compile_firmware() {
	local src=$BENCH_DIR/firmware/$1.asl
	[ -f "$src" ] || { log "no firmware bench/firmware/$1.asl"; return 1; }
	cpp -P -undef -nostdinc -x c -I "$BENCH_DIR/firmware" "$src" > "$2.asl" &&
		iasl -p "$2" "$2.asl" > "$2.log" 2>&1 ||
		{ cat "$2.log" >&2; log "iasl failed on $1.asl"; return 1; }
}

# in_root ROOT CMD...: run CMD chrooted in ROOT with the bench cache, the
# work tree and /tmp at their own paths, and /proc and /dev, all mounted
# in a private mount namespace that ends with the command: nothing is
# mounted on the host.
in_root() {
	# shellcheck disable=SC2016 # expanded by the inner bash, in the namespace
	unshare -m -- /bin/bash -c '
		set -e
		root=$1
		shift
		mount --make-rprivate /
		for d in "$BENCH_CACHE_DIR" "$BENCH_TOP_DIR" /tmp; do
			mkdir -p "$root$d"
			mount --bind "$d" "$root$d"
		done
		mount -t proc proc "$root/proc"
		mount --bind /dev "$root/dev"
		exec chroot "$root" /usr/bin/env -C "$PWD" "$@"
	' in_root "$@"
}
export BENCH_CACHE_DIR=$CACHE_DIR BENCH_TOP_DIR=$TOP_DIR

# kmake_tool CMD...: run a tool for the loaded kernel, in its build root
# if it has one, else on the host.
kmake_tool() {
	if [ -n "${KROOT:-}" ]; then
		in_root "$KROOT" "$@"
	else
		"$@"
	fi
}

# kmake ARGS...: make for the loaded kernel, with the toolchain of its release.
kmake() { kmake_tool make "$@"; }

# headers_common_dir KDIR: the folder of the common headers that a Debian
# headers package's arch Makefile includes, or nothing.
headers_common_dir() { sed -n 's|^include \(.*\)/Makefile$|\1|p' "$1/Makefile"; }

# fetch_kernel NAME: fetch-kernel.sh NAME, unless the kernel is in the
# cache already (its kernel.env), as it is for most calls.
fetch_kernel() {
	[ -f "$(kernel_dir "$1")/kernel.env" ] || "$BENCH_DIR/scripts/fetch-kernel.sh" "$1"
}

# Load KVER, KDIR, VMLINUZ, MODDIR and KROOT of a fetched kernel.
load_kernel() {
	local env
	env="$(kernel_dir "$1")/kernel.env"
	[ -f "$env" ] || die "kernel $1 is not fetched: run bench/scripts/fetch-kernel.sh $1"
	KROOT=	# kernels built with the host's toolchain have none
	# shellcheck disable=SC1090
	. "$env"
}
