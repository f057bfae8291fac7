#!/usr/bin/env bash
# `make test`'s run of the built tests: the test bundle in two processes at
# once, the end-to-end tests (which mostly wait for the binaries and
# terminals they start) beside the rest (which mostly compute), so both
# cores stay busy. Both logs end up in .build/test.log.
set -uo pipefail
cd "$(dirname "$0")/.."
BIN=$(${SWIFT:-swift} build --show-bin-path)
BUNDLE="$BIN/todomdPackageTests.xctest"
export TODOMD_BIN="$BIN/todomd"
classes=$("$BUNDLE" --list-tests | sed -n 's|^\([A-Za-z]*Tests\.[A-Za-z0-9_]*\)/.*|\1|p' | sort -u)
end_to_end=$(grep '^EndToEndTests\.' <<<"$classes" | paste -sd,)
rest=$(grep -v '^EndToEndTests\.' <<<"$classes" | paste -sd,)

"$BUNDLE" "$end_to_end" > .build/test-end-to-end.log 2>&1 &
end_to_end_pid=$!
"$BUNDLE" "$rest" 2>&1 | tee .build/test-rest.log
rest_status=${PIPESTATUS[0]}
wait "$end_to_end_pid"
end_to_end_status=$?
cat .build/test-end-to-end.log
cat .build/test-rest.log .build/test-end-to-end.log > .build/test.log

# Each process closes on XCTest's summary; one that ended without it failed.
total=0 failed=0
for log in .build/test-rest.log .build/test-end-to-end.log; do
  summary=$(grep -E "^[[:space:]]*Executed [0-9]+ tests?, with [0-9]+ failures?" "$log" | tail -1)
  [ -n "$summary" ] || { echo "tests: $log has no summary (the run ended early)"; failed=$((failed + 1)); continue; }
  total=$((total + $(sed -E 's/.*Executed ([0-9]+) tests?.*/\1/' <<<"$summary")))
  failed=$((failed + $(sed -E 's/.*with ([0-9]+) failures?.*/\1/' <<<"$summary")))
done
echo "tests: $((total - failed)) passed, $failed failed"
[ "$rest_status" -eq 0 ] && [ "$end_to_end_status" -eq 0 ] && [ "$failed" -eq 0 ]
