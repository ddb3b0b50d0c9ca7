#!/bin/sh
# CI smoke check: lookups from client code do not copy the snapshot, and appending sections one
# call at a time does not copy its tables. Builds this package in release (the library as a
# dependency, as an app has it) unless a binary is given, counts the `client-*` cases under
# callgrind (10,000 lookups in 100,000 items each, see Sources/InstructionCounts/ClientLookups.swift),
# and fails when a lookup costs more than twice the `Dictionary` baseline of the same run (a copy
# of the snapshot per lookup, a retain and a release of each of its references, costs several
# times a lookup), or when appending 4,000 sections costs more than 5 times appending 1,000 (a
# copy of a table per call makes it quadratic: 16 times).
#   sh smoke.sh [binary]
set -eu
cd "$(dirname "$0")"
binary=${1:-}
if [ -z "$binary" ]; then
  swift build -c release --product InstructionCounts
  binary=.build/release/InstructionCounts
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
lookups=10000
# Each case and the baseline it is held to.
pairs="
client-lookup-classvar-int client-lookup-dictionary-int
client-lookup-classvar-uuid client-lookup-dictionary-uuid
client-lookup-classvar-string client-lookup-dictionary-string
client-lookup-classvar-rowid client-lookup-dictionary-rowid
client-lookup-static-uuid client-lookup-dictionary-uuid
client-section-classvar-int client-lookup-dictionary-int
client-section-classvar-uuid client-lookup-dictionary-uuid
client-section-classvar-string client-lookup-dictionary-string
client-section-classvar-rowid client-lookup-dictionary-rowid
client-items-classvar-int client-items-dictionary-int
client-items-classvar-uuid client-items-dictionary-uuid
client-items-classvar-rowid client-items-dictionary-rowid
client-items-classvar-string client-items-dictionary-string
client-items-static-string client-items-dictionary-string
"
# Appending sections one call at a time: 4,000 at most 5 times 1,000 (linear), per type.
appends="int string"
cases=$( (echo "$pairs"; for type in $appends; do echo "client-appendsections-1k-$type client-appendsections-4k-$type"; done) |
  tr ' ' '\n' | grep . | sort -u)
# Two at a time (count.sh copies the binary to ./InstructionCounts.stripped: one folder each).
set -- $cases
half=$(( ($# + 1) / 2 ))
first=$(echo "$cases" | head -n "$half")
second=$(echo "$cases" | tail -n +"$((half + 1))")
mkdir "$work/a" "$work/b"
here=$(pwd)
case "$binary" in /*) ;; *) binary="$here/$binary" ;; esac
(cd "$work/a" && sh "$here/count.sh" "$binary" $first > counts) &
(cd "$work/b" && sh "$here/count.sh" "$binary" $second > counts) &
wait
cat "$work/a/counts" "$work/b/counts" > "$work/counts"
count() { awk -v name="$1" '$1 == name { print $2 }' "$work/counts"; }
status=0
echo "$pairs" | while read -r name baseline; do
  [ -n "$name" ] || continue
  measured=$(count "$name")
  base=$(count "$baseline")
  if [ -z "$measured" ] || [ -z "$base" ]; then
    echo "smoke: $name or $baseline did not run" >&2
    exit 1
  fi
  per=$((measured / lookups))
  limit=$((2 * base / lookups))
  if [ "$per" -gt "$limit" ]; then
    echo "smoke: $name: $per instructions per lookup, more than twice $baseline ($((base / lookups))): the lookup copies the snapshot" >&2
    exit 1
  fi
  echo "smoke: $name $per instructions per lookup ($baseline $((base / lookups)))"
done || status=1
for type in $appends; do
  small=$(count "client-appendsections-1k-$type")
  large=$(count "client-appendsections-4k-$type")
  if [ -z "$small" ] || [ -z "$large" ]; then
    echo "smoke: client-appendsections-*-$type did not run" >&2
    status=1
  elif [ "$large" -gt $((5 * small)) ]; then
    echo "smoke: appending 4,000 sections one at a time ($type) costs $large instructions, more than 5 times 1,000 ($small): each call copies a table" >&2
    status=1
  else
    echo "smoke: appending 4,000 sections one at a time ($type) $large instructions, 1,000 $small"
  fi
done
exit $status
