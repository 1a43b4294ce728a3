#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Check the upstream series (upstream/) without booting it: it is against
# the file upstream/base.conf names, every patch applies in order and is
# clean under that release's checkpatch.pl --strict, the patched driver
# builds clean with W=1 and sparse on the series' bench kernel, and the
# patches are addressed as that release's get_maintainer.pl says.
# Prints one result line per check.
#
# usage: series-lint.sh [--each]   (--each: build after every patch, not
#                                   only after the last)
set -uo pipefail
. "$(dirname "$0")/../bench/scripts/common.sh"
# shellcheck source=../bench/scripts/upstream.sh
. "$BENCH_DIR/scripts/upstream.sh"
. "$TOP_DIR/tests/kbuild-checks.sh"

each=
[ "${1:-}" = --each ] && each=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

src=$("$BENCH_DIR/scripts/fetch-upstream.sh") || { echo "not ok - series: fetch linux-source-$UPSTREAM_VERSION"; exit 0; }
sha=$(sha256sum "$src/$UPSTREAM_FILE" | cut -d' ' -f1)
if [ "$sha" = "$UPSTREAM_SHA256" ]; then
	echo "ok - series: $UPSTREAM_FILE is the one the series is against"
else
	echo "# $UPSTREAM_FILE in linux-source-$UPSTREAM_VERSION now has sha256 $sha"
	echo "ok - series: $UPSTREAM_FILE is the one the series is against # SKIP the package changed; the series is tried on the new file"
fi

mapfile -t patches < <(upstream_patches)
[ "${#patches[@]}" -gt 0 ] || { echo "not ok - series: no patches in upstream/"; exit 0; }
fetch_kernel "$UPSTREAM_KERNEL" >&2 ||
	{ echo "not ok - series: fetch kernel $UPSTREAM_KERNEL"; exit 0; }
load_kernel "$UPSTREAM_KERNEL"

n=0
for p in "${patches[@]}"; do
	n=$((n + 1))
	name=${p##*/}
	if upstream_tree "$n" "$work/tree" 2> "$work/apply"; then
		echo "ok - series: patch $n applies ($name)"
	else
		sed 's/^/# /' "$work/apply"
		echo "not ok - series: patch $n applies ($name)"
		break
	fi
	perl "$src/scripts/checkpatch.pl" --strict --quiet --show-types \
		--no-tree "$p" > "$work/checkpatch" 2>&1
	ktap_result_empty "series: checkpatch --strict on patch $n" "$work/checkpatch"
	if [ -n "$each" ] || [ "$n" -eq "${#patches[@]}" ]; then
		kbuild_checks "series: $UPSTREAM_KERNEL after patch $n" "$(upstream_module_dir "$work/tree")"
	fi
done

# The To and Cc of every mail, the cover letter's too, are the people and
# lists get_maintainer.pl names for the series.
(cd "$src" && perl scripts/get_maintainer.pl --no-git --no-git-fallback \
	--no-rolestats "${patches[@]}") | sed 's/"//g' | sort > "$work/want"
: > "$work/addr"
for p in "$TOP_DIR"/upstream/[0-9][0-9][0-9][0-9]-*.patch; do
	# The address headers' addresses, one a line (folded lines too).
	awk '/^$/ { exit } /^(To|Cc):/ { on = 1; sub(/^(To|Cc): */, ""); print; next }
		/^[ \t]/ && on { sub(/^[ \t]+/, ""); print; next } { on = 0 }' "$p" |
		sed 's/, *$//' | tr ',' '\n' | sed 's/^ *//; s/ *$//; /^$/d; s/"//g' |
		sort > "$work/got"
	diff -u "$work/want" "$work/got" | sed "s|^|${p##*/}: |" |
		grep -v -e ': ---' -e ': +++' -e ': @@' -e ':  ' >> "$work/addr"
done
ktap_result_empty "series: every mail is addressed as get_maintainer.pl says" "$work/addr"
