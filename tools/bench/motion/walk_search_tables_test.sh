#!/bin/bash
# libero_walk_search --sideways writes the searched fields into the block's
# own sideways table and keeps what it does not search (it used to write the
# table afresh: a `touchdown_wait = 0` there was lost, and the candidates
# walked with the block's holds); the block's turning table comes through
# whole, in a sideways search and in a search of the block's own fields (that
# one took the turning table's foot_spread for the block's and rewrote it
# there). Usage: walk_search_tables_test.sh WALK_SEARCH BASE_WALK OUT_DIR
set -u
tool=$1 base=$2 out=$3
in="$out/walk_search_tables_base.lua" result="$out/walk_search_tables_out.lua"
# A base whose type0 sideways table holds a field the search does not search.
sed 's/^    sideways = { /    sideways = { touchdown_wait = 0.04, /' "$base" > "$in"
grep -q 'sideways = { touchdown_wait = 0.04, ' "$in" || { echo "FAIL: base has no type0 sideways table to mark"; exit 1; }
"$tool" "$in" "$result" --type 0 --sideways --side-runs 1 --generations 0 > "$out/walk_search_tables.log" 2>&1 ||
  { echo "FAIL: search did not run"; cat "$out/walk_search_tables.log"; exit 1; }
table=$(grep -o 'sideways = {[^}]*}' "$result")
[ -n "$table" ] || { echo "FAIL: no sideways table written"; exit 1; }
grep -q 'touchdown_wait = 0.04' <<< "$table" || { echo "FAIL: the table lost touchdown_wait: $table"; exit 1; }
grep -q 'step_period = ' <<< "$table" || { echo "FAIL: the searched fields are missing: $table"; exit 1; }
want=$(grep -o 'turning = {[^}]*}' "$in") got=$(grep -o 'turning = {[^}]*}' "$result")
[ -n "$want" ] && [ "$want" == "$got" ] || { echo "FAIL: turning table changed: '$want' -> '$got'"; exit 1; }
block="$out/walk_search_tables_block.lua"
"$tool" "$in" "$block" --type 0 --generations 0 > "$out/walk_search_tables_block.log" 2>&1 ||
  { echo "FAIL: block search did not run"; cat "$out/walk_search_tables_block.log"; exit 1; }
got=$(grep -o 'turning = {[^}]*}' "$block")
[ "$want" == "$got" ] || { echo "FAIL: a search of the block's fields changed its turning table: '$want' -> '$got'"; exit 1; }
echo "PASS: $table; turning table kept: $got"
