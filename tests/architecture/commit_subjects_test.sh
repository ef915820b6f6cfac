#!/usr/bin/env bash
# The commit-subject check on a scratch repository: a long subject before
# the start commit is let through, one after it is refused, and a start
# commit missing from the history (a shallow clone) skips the check.
set -euo pipefail
check="$1"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
git -C "$dir" init -q
commit() { git -C "$dir" -c user.name=t -c user.email=t@t commit -q --allow-empty -m "$1"; }
commit "$(printf 'old subject %.0s' {1..10})"
start="$(git -C "$dir" rev-parse HEAD)"
commit "Add a short subject"
"$check" --repo "$dir" --start "$start" || { echo "FAIL: short subjects refused"; exit 1; }
commit "$(printf 'x%.0s' {1..73})"
if "$check" --repo "$dir" --start "$start" >/dev/null; then echo "FAIL: 73-character subject let through"; exit 1; fi
out="$("$check" --repo "$dir" --start 0123456789012345678901234567890123456789)"
case "$out" in *skipped*) ;; *) echo "FAIL: unknown start commit not skipped: $out"; exit 1 ;; esac
echo "commit subject check: ok"
