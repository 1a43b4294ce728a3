# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash disable=SC2154 # $work is the sourcing script's
# Sourced by the lint scripts, after bench/scripts/common.sh, with $work
# a scratch folder.

. "$TOP_DIR/tests/ktap.sh"

# kbuild_once SRC CHECK: build a copy of the module sources in SRC for the
# loaded kernel with W=1 or C=2; what make said goes to $work/log, the
# module to $work/build.
kbuild_once() {
	rm -rf "$work/build" && mkdir "$work/build"
	cp "$1"/Kbuild "$1"/*.c "$work/build/"
	cp "$1"/*.h "$work/build/" 2>/dev/null || true
	kmake -s -C "$KDIR" M="$work/build" "$2" modules > "$work/log" 2>&1 ||
		echo "build failed" >> "$work/log"
}

# kbuild_checks LABEL SRC: a W=1 build and a sparse (C=2) build of SRC for
# kernel $KNAME (loaded), one result line each, clean when make says
# nothing about the sources.
kbuild_checks() {
	local label=$1 src=$2 check old_sparse
	for check in "W=1" "C=2"; do
		kbuild_once "$src" "$check"
		# 7.x's Makefile skips a sparse that cannot read its headers
		# (bench/kernel-fixes/checker-valid.sh). Then sid's newer sparse
		# checks, with the same compiler; if it cannot either, say so.
		if grep -q "C=2 specified, but .* not up to date" "$work/log" &&
			[ -n "${KROOT:-}" ] && [ -n "${KCOMPILER:-}" ]; then
			old_sparse=$(kmake_tool sparse --version)
			KROOT=$("$BENCH_DIR/scripts/build-root.sh" sid "$KCOMPILER") ||
				{ echo "not ok - $label: a sid root for sparse"; continue; }
			kbuild_once "$src" "$check"
			echo "# $KNAME: sparse $old_sparse cannot read these headers; sid's $(kmake_tool sparse --version) checks them"
			load_kernel "$KNAME"
		fi
		if grep -q "C=2 specified, but .* not up to date" "$work/log"; then
			echo "ok - $label: sparse C=2 build is clean # SKIP no sparse here reads these headers"
			continue
		fi
		# Keep what the compiler or sparse said about the sources only.
		grep -v -e "Skipping BTF generation" -e "^  CHECK" \
			-e "pahole version differs" -e "The kernel was built with:" \
			-e "You are using: " "$work/log" \
			> "$work/filtered"
		ktap_result_empty "$label: ${check/C=2/sparse C=2} build is clean" "$work/filtered"
	done
}
