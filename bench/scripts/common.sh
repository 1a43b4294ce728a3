# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Shared settings for the bench's host-side scripts. Sourced, not run.

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TOP_DIR=${BENCH_DIR%/bench}
CACHE_DIR=${BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/toshiba-bluetooth-bench}
KERNELS_LIST=$BENCH_DIR/kernels.list

die() { echo "${0##*/}: $*" >&2; exit 1; }
log() { echo "${0##*/}: $*" >&2; }

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

# kernel_sources NAME: into KSUITES_EXTRA the kernel's own suites that are
# not its release's (7.3 comes from trixie-backports), comma-separated,
# and into KFROM "/SUITE" when one is a backports suite: apt installs
# nothing from such a suite unless a package names it, as apt install -t
# would.
# shellcheck disable=SC2034 # KFROM is the callers'
kernel_sources() {
	local release s
	release=$(kernel_release "$1")
	KSUITES_EXTRA='' KFROM=''
	for s in $(kernel_suites "$1" | tr , ' '); do
		[ "$s" != "$release" ] || continue
		KSUITES_EXTRA=${KSUITES_EXTRA:+$KSUITES_EXTRA,}$s
		case $s in *-backports) KFROM=/$s ;; esac
	done
}

# build_deb RELEASE DIST: make deb in the bench's build root of RELEASE,
# into DIST; prints the package's path. What make said goes to stderr.
build_deb() {
	local sysroot
	sysroot=$("$BENCH_DIR/scripts/build-root.sh" "$1" \
		dkms build-essential debhelper dh-dkms dpkg-dev) || return 1
	rm -f "$2"/toshiba-bluetooth-dkms_*.deb
	in_root "$sysroot" make -s deb DIST="$2" >&2 || return 1
	ls "$2"/toshiba-bluetooth-dkms_*_all.deb
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
