#!/bin/sh
# Measures the chart of BENCHMARKS.md and draws it: instructions (callgrind) of building a snapshot
# of N identifiers (Int, then String "item-n") in 100 sections, and of rebuilding it unchanged and
# diffing it against the shown one, against the same work done with arrays, Dictionary and
# OrderedSet, for N = 10k, 100k and 1M. Takes a few minutes. From this folder:
#   swift build -c release && sh chart.sh     # writes chart.csv and ../../Benchmarks/chart.svg
set -e
binary=.build/release/InstructionCounts
out=chart.csv
echo "scenario,implementation,items,instructions" > "$out"
for type in int string; do
for items in 10000 100000 1000000; do
  for scenario in build rebuild; do
    if [ "$type" = int ]; then typename=Int; else typename=String; fi
    if [ "$scenario" = build ]; then prefix=""; title="Build ($typename)"; else prefix="rebuild-"; title="Rebuild unchanged + diff ($typename)"; fi
    for implementation in OpenDiffable arrays Dictionary OrderedSet; do
      case $implementation in
        OpenDiffable) name="${scenario}-${type}-100" ;;
        arrays) name="${prefix}arrays-${type}-100" ;;
        Dictionary) name="${prefix}dictionary-${type}-100" ;;
        OrderedSet) name="${prefix}orderedset-${type}-100" ;;
      esac
      case $implementation in arrays) label="arrays of identifiers (the floor)" ;; *) label=$implementation ;; esac
      count=$(ITEM_COUNT=$items sh count.sh "$binary" "$name" | awk '{ print $2 }')
      echo "$title,$label,$items,$count" >> "$out"
    done
  done
done
done
rm -f callgrind.*.out InstructionCounts.stripped
.build/release/BenchmarkChart "$out" > ../chart.svg
echo "wrote $out and ../chart.svg"
