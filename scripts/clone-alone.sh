#!/usr/bin/env bash
# Proves that a clone of the repository works on its own: copies the tracked files into a fresh
# temporary folder, where nothing sits beside the copy (no ../shared, no data, no caches), and runs
# there what the README promises a new user: the test command, the benchmarks (those that need a
# data set must skip with a note) and the docs build. Used by .ci/run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/x-clone-alone.XXXXXX")"
trap 'rm -rf "$work"' EXIT
copy="$work/x-monorepo"
mkdir "$copy"
git -C "$root" ls-files -z | tar -C "$root" --null -T - -cf - | tar -xf - -C "$copy"
if [ -e "$work/shared" ]; then
  echo "clone-alone: $work/shared exists beside the copy" >&2
  exit 1
fi
cd "$copy"
unset X_BENCH_DATA
echo "clone-alone: working in $copy"

# The README's test command (pnpm itself is already installed).
pnpm install --frozen-lockfile
pnpm test

# Every benchmark that needs no data set runs; the others say which data set and where to get it.
pnpm bench --quick --out "$work/bench" 2> "$work/bench.stderr" || {
  cat "$work/bench.stderr" >&2
  exit 1
}
cat "$work/bench.stderr" >&2
grep -q 'search: skipped: it needs data' "$work/bench.stderr"
test -f "$work/bench/results/load.json"
# A run without --update-results leaves the committed results and report alone.
diff -r "$root/bench/results" "$copy/bench/results"
cmp "$root/bench/REPORT.md" "$copy/bench/REPORT.md"

# The docs build, by the name the README gives.
pnpm run docs
test -f docs-site/index.html
echo "clone-alone: passed"
