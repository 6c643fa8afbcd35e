#!/usr/bin/env bash
# Prepares a fresh machine: npm packages; with --tests also Chromium for the browser tests;
# starts the local PostgreSQL and Redis when they are installed but stopped.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if [ "${1:-}" = "--tests" ] && [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Installing Chromium for the browser tests..."
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

if command -v pg_isready >/dev/null && ! pg_isready -q -h 127.0.0.1 -p 5432; then
  echo "Starting PostgreSQL..."
  as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start
fi
if command -v redis-server >/dev/null && ! redis-cli -h 127.0.0.1 ping >/dev/null 2>&1; then
  echo "Starting Redis..."
  as_root redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
fi

npm ci --no-audit --no-fund
