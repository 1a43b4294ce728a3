# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash disable=SC2154 # $work is the sourcing script's
# Sourced by the lint scripts, after bench/scripts/common.sh, with $work
# a scratch folder.

. "$TOP_DIR/tests/lib.sh"

# kbuild_once SRC FLAG...: build a copy of the module sources in SRC for
# the loaded kernel with make's FLAGs (W=1, C=2); what make said goes to
# $work/log, the module to $work/build.
kbuild_once() {
	local src=$1
	shift
	rm -rf "$work/build" && mkdir "$work/build"
	cp "$src"/Kbuild "$src"/*.c "$work/build/"
	cp "$src"/*.h "$work/build/" 2>/dev/null || true
	kmake -s -C "$KDIR" M="$work/build" "$@" modules > "$work/log" 2>&1 ||
		echo "build failed" >> "$work/log"
}

old_sparse() { grep -q "C=2 specified, but .* not up to date" "$work/log"; }

# kbuild_results LABEL WHAT: one result line for the build in $work/log,
# clean when make said nothing about the sources.
kbuild_results() {
	grep -v -e "Skipping BTF generation" -e "^  CHECK" \
		-e "pahole version differs" -e "The kernel was built with:" \
		-e "You are using: " "$work/log" \
		> "$work/filtered"
	ktap_result_empty "$1: $2 build is clean" "$work/filtered"
}

# sparse_reads_headers: the loaded kernel's Makefile has no sparse check
# (before 7.x), or its check (scripts/checker-valid.sh, from
# bench/kernel-fixes) says that the sparse of the kernel's root reads
# its headers. Asked before a build: one build with a sparse that cannot
# is one W=1 build that checked nothing.
sparse_reads_headers() {
	local common
	common=$(headers_common_dir "$KDIR")
	[ -n "$common" ] && [ -x "$common/scripts/checker-valid.sh" ] || return 0
	[ "$(kmake_tool "$common/scripts/checker-valid.sh" sparse)" = 1 ]
}

# kbuild_checks LABEL SRC: SRC built for kernel $KNAME (loaded) with W=1
# and sparse (C=2) in one build, one result line: the compiler's warnings
# and sparse's come out of the same make (two builds cost twice the CPU
# for the same lines).
kbuild_checks() {
	local label=$1 src=$2 old sid
	# 7.x's Makefile skips a sparse that cannot read its headers. Then
	# sid's newer sparse checks, with the same compiler; if it cannot
	# either, say so.
	if [ -n "${KROOT:-}" ] && [ -n "${KCOMPILER:-}" ] && ! sparse_reads_headers; then
		old=$(kmake_tool sparse --version)
		if sid=$("$BENCH_DIR/scripts/build-root.sh" sid "$KCOMPILER"); then
			KROOT=$sid
			echo "# $KNAME: sparse $old cannot read these headers; sid's $(kmake_tool sparse --version) checks them"
		else
			echo "not ok - $label: a sid root for sparse"
		fi
	fi
	kbuild_once "$src" W=1 C=2
	load_kernel "$KNAME"
	if old_sparse; then
		kbuild_once "$src" W=1
		kbuild_results "$label" "W=1"
		echo "ok - $label: sparse C=2 build is clean # SKIP no sparse here reads these headers"
		return
	fi
	kbuild_results "$label" "W=1 and sparse C=2"
}
