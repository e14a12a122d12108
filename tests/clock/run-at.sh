#!/usr/bin/env bash
# Runs vitest (unit and integration tests) with the whole system's clock moved to another instant, to
# find tests that only pass on some days of the year (fixed dates next to "now").
#
#   npm run test:clock -- 2026-12-31T10:00:00Z [vitest arguments …]
#
# libfaketime (Debian package `faketime`) moves the clock of every process started below by the same
# offset: vitest, the app in each test file, the embedded PostgreSQL (so `now()` agrees with
# `Date.now()`), Chromium for the PDFs. DATABASE_URL is ignored on purpose: a server started outside
# would keep the real time. The clock keeps running from the given instant.
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ $# -lt 1 ]; then
  echo "usage: npm run test:clock -- <ISO instant, e.g. 2027-01-31T22:30:00Z> [vitest arguments …]" >&2
  exit 2
fi
instant="$1"
shift

library=""
for candidate in /usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1 /usr/lib/aarch64-linux-gnu/faketime/libfaketimeMT.so.1 /usr/lib/faketime/libfaketimeMT.so.1; do
  if [ -f "$candidate" ]; then library="$candidate"; break; fi
done
if [ -z "$library" ]; then
  echo "libfaketime is missing: apt-get install -y faketime" >&2
  exit 2
fi

target="$(date -u -d "$instant" +%s)"
offset=$(( target - $(date -u +%s) ))
echo "Uhr verstellt auf $(date -u -d "@$target" '+%Y-%m-%dT%H:%M:%SZ') (Versatz ${offset} s)"

# An offset, not an absolute start: processes started later (a test's own server) share one clock.
if [ "$offset" -lt 0 ]; then export FAKETIME="$offset"; else export FAKETIME="+$offset"; fi
export LD_PRELOAD="$library${LD_PRELOAD:+:$LD_PRELOAD}"
unset DATABASE_URL
exec npx vitest run "$@"
