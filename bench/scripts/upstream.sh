# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The upstream series (upstream/): its patches, and the 7.3 driver with the
# first N of them applied. Sourced after common.sh.

. "$TOP_DIR/upstream/base.conf"

# The series' patches in order; the cover letter is not one.
upstream_patches() {
	find "$TOP_DIR/upstream" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' \
		! -name '0000-*' | sort
}

# upstream_count N|series: N checked against the series, or its length.
upstream_count() {
	local total
	total=$(upstream_patches | wc -l)
	case $1 in
	series) echo "$total" ;;
	*[!0-9]* | '') die "upstream+$1: expected a patch count or 'series'" ;;
	*) [ "$1" -le "$total" ] || die "upstream+$1: the series has $total patches"
		echo "$1" ;;
	esac
}

# upstream_tree N DEST: the upstream file at its path under DEST, with the
# first N patches applied. git must not take DEST for part of a repository.
upstream_tree() {
	local src p
	src=$("$BENCH_DIR/scripts/fetch-upstream.sh") || return 1
	rm -rf "$2" && mkdir -p "$2/$(dirname "$UPSTREAM_FILE")"
	cp "$src/$UPSTREAM_FILE" "$2/$UPSTREAM_FILE"
	for p in $(upstream_patches | head -n "$1"); do
		GIT_CEILING_DIRECTORIES=$(dirname "$2") git -C "$2" apply "$p" ||
			{ log "${p##*/} does not apply"; return 1; }
	done
	echo 'obj-m := toshiba_bluetooth.o' > "$2/$(dirname "$UPSTREAM_FILE")/Kbuild"
}

# The folder of the driver in such a tree.
upstream_module_dir() { echo "$1/$(dirname "$UPSTREAM_FILE")"; }
