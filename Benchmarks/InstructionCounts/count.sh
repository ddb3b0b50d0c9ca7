#!/bin/sh
# Instruction count (callgrind Ir) of one call of each case given, with the binary built in
# release (`swift build -c release` here; see Package.swift for other checkouts). Valgrind 3.19
# cannot read the binary's debug information, so a copy without it is run (symbols are kept).
#   sh count.sh <binary> <case>...     e.g. sh count.sh .build/release/InstructionCounts build-string-1
# Prints "<case> <instructions>"; leaves callgrind.<case>.out in the current folder for
# `callgrind_annotate callgrind.<case>.out | swift demangle --simplified`.
binary=$1
shift
stripped=./InstructionCounts.stripped
cp "$binary" "$stripped" && strip -g "$stripped" || exit 1
for name in "$@"; do
  SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --toggle-collect=counted_call \
    --callgrind-out-file="callgrind.$name.out" "$stripped" "$name" > /dev/null 2>&1 || { echo "$name failed"; continue; }
  echo "$name $(callgrind_annotate "callgrind.$name.out" | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')"
done
