# SPDX-License-Identifier: GPL-2.0
# Shared settings for the bench's host-side scripts. Sourced, not run.

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TOP_DIR=$(cd "$BENCH_DIR/.." && pwd)
CACHE_DIR=${BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/toshiba-bluetooth-bench}
KERNELS_LIST=$BENCH_DIR/kernels.list

die() { echo "${0##*/}: $*" >&2; exit 1; }
log() { echo "${0##*/}: $*" >&2; }

# apt-get download as root otherwise warns that _apt cannot read the folder.
apt_download() { apt-get -q -o APT::Sandbox::User=root download "$@" >/dev/null; }

# Names of the bench kernels, in list order.
kernel_names() { awk '!/^#/ && NF { print $1 }' "$KERNELS_LIST"; }

# The meta-package (with optional /suite) of one bench kernel.
kernel_meta() {
	awk -v n="$1" '!/^#/ && $1 == n { print $2 }' "$KERNELS_LIST"
}

kernel_dir() { echo "$CACHE_DIR/kernels/$1"; }

# Prefix the names of a boot's results (stdin) with where they ran.
prefix_results() {
	awk -v p="$1" 'match($0, /^(not ok|ok)( [0-9]+)? - /) {
		$0 = substr($0, 1, RLENGTH) p substr($0, RLENGTH + 1)
	} 1'
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

# Load KVER, KDIR, VMLINUZ and MODDIR of a fetched kernel.
load_kernel() {
	local env
	env="$(kernel_dir "$1")/kernel.env"
	[ -f "$env" ] || die "kernel $1 is not fetched: run bench/scripts/fetch-kernel.sh $1"
	# shellcheck disable=SC1090
	. "$env"
}
