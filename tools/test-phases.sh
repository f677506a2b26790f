#!/usr/bin/env bash
# Runs the phases of `make test` one after another, each a make target, and ends with
# how long each took, so a slowdown shows where it is. A failing phase does not stop the
# others (a run says all it can); the exit status is non-zero when any failed.
#
#   tools/test-phases.sh build lint go-test-sqlite go-test-postgres web-test e2e test-faults-run
set -u
cd "$(dirname "$0")/.."

declare -A titles=(
  [build]="build (web app, binary)"
  [lint]="lint (gofmt, vet, staticcheck, tsc, eslint, generated files)"
  [go-test-sqlite]="Go on SQLite"
  [go-test-postgres]="Go on PostgreSQL, -race"
  [go-test-race-sqlite]="Go under -race on SQLite (no PostgreSQL)"
  [web-test]="vitest"
  [e2e]="end-to-end (Playwright, Chromium)"
  [test-faults-run]="faults (the binary killed)"
)

names=()
seconds=()
results=()
failed=0
total_start=$(date +%s)
for target in "$@"; do
  start=$(date +%s)
  echo "== ${titles[$target]:-$target}"
  if make --no-print-directory "$target"; then
    result=ok
  else
    result=FAILED
    failed=1
  fi
  names+=("${titles[$target]:-$target}")
  seconds+=($(($(date +%s) - start)))
  results+=("$result")
done

echo
echo "== make test: seconds per phase"
for i in "${!names[@]}"; do
  printf '%6d s  %-6s  %s\n' "${seconds[$i]}" "${results[$i]}" "${names[$i]}"
done
printf '%6d s  %-6s  %s\n' $(($(date +%s) - total_start)) "$([ $failed = 0 ] && echo ok || echo FAILED)" "total"
exit $failed
