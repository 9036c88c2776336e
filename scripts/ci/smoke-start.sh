#!/usr/bin/env bash
# Starts the product the way README tells a newcomer to (no DATABASE_URL: embedded PostgreSQL),
# waits for /api/health, checks the home page and the printed admin login, then stops it with Ctrl+C (SIGINT).
set -euo pipefail
cd "$(dirname "$0")/../.."

port="${SMOKE_PORT:-3917}"
tmp="$(mktemp -d)"
chmod 755 "$tmp" # PostgreSQL drops root privileges and must reach its data folder
pgdir="$tmp/pg"
log="$(mktemp)"
env -u DATABASE_URL PORT="$port" EMBEDDED_PG_DIR="$pgdir" EMBEDDED_PG_PORT="$((port + 20000))" \
  setsid npm start >"$log" 2>&1 &
pid=$!
cleanup() { kill -INT -- -"$pid" 2>/dev/null || true; }
trap cleanup EXIT

for _ in $(seq 1 360); do
  if curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then cat "$log"; echo "npm start exited early"; exit 1; fi
  sleep 0.5
done
# Bodies are read whole before grep: `curl | grep -q` under pipefail fails when grep stops reading
# early and curl dies of SIGPIPE on a page larger than the pipe buffer (the home page is).
served() { curl -fsS "http://127.0.0.1:$port$1" || true; }
grep -q '"status":"ok"' <<<"$(served /api/health)" || { cat "$log"; echo "health check failed"; exit 1; }
# The port opens only once the demo data is in: the very first answer already lists workshops.
grep -q '"title"' <<<"$(served /api/workshops)" || { cat "$log"; echo "demo workshops not served"; exit 1; }
for _ in $(seq 1 20); do grep -q 'Press Ctrl+C to stop.' "$log" && break; sleep 0.5; done
grep -q 'password:' "$log" || { cat "$log"; echo "admin login was not printed"; exit 1; }
grep -qi '<html' <<<"$(served /)" || { cat "$log"; echo "home page not served"; exit 1; }

# Ctrl+C must stop the server and the embedded PostgreSQL.
kill -INT -- -"$pid"
for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
if kill -0 "$pid" 2>/dev/null; then echo "npm start did not stop on SIGINT"; exit 1; fi
trap - EXIT
if pgrep -f "$pgdir" >/dev/null; then echo "embedded PostgreSQL still running after Ctrl+C"; exit 1; fi
echo "smoke start: ok (health, home page, admin login printed, clean Ctrl+C)"
