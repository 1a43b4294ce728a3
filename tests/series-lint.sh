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
	# The patches carry no sign-off: the person who sends them adds
	# their own (upstream/README.md), and no name is invented here.
	perl "$src/scripts/checkpatch.pl" --strict --quiet --show-types \
		--ignore MISSING_SIGN_OFF --no-tree "$p" > "$work/checkpatch" 2>&1
	ktap_result_empty "series: checkpatch --strict on patch $n" "$work/checkpatch"
	if [ -n "$each" ] || [ "$n" -eq "${#patches[@]}" ]; then
		kbuild_checks "series: $UPSTREAM_KERNEL after patch $n" "$(upstream_module_dir "$work/tree")"
	fi
done

# No mail names an author or a sign-off: only the sender may, with their
# own name (git am, then git rebase --signoff; upstream/README.md).
grep -H -E '^(From|Signed-off-by|Co-developed-by|Tested-by|Reviewed-by): ' \
	"$TOP_DIR"/upstream/[0-9][0-9][0-9][0-9]-*.patch > "$work/identity" 2>&1
ktap_result_empty "series: no mail carries an author or a sign-off of its own" "$work/identity"

# Subjects of at most 72 characters after "[PATCH n/m] "
# (Documentation/process/submitting-patches.rst), the header unfolded.
for p in "$TOP_DIR"/upstream/[0-9][0-9][0-9][0-9]-*.patch; do
	awk '/^$/ { exit } /^Subject:/ { s = $0; on = 1; next }
		/^[ \t]/ && on { sub(/^[ \t]+/, " "); s = s $0; next } { on = 0 }
		END { sub(/^Subject: (\[PATCH[^]]*\] )?/, "", s)
			if (length(s) > 72) print FILENAME ": " length(s) " characters: " s }' "$p"
done > "$work/subjects"
ktap_result_empty "series: every subject is at most 72 characters" "$work/subjects"

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
