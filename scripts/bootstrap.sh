#!/usr/bin/env bash
# Prepares a machine that has Node (any version) for `npm start`:
#   - Node 24 (.nvmrc) when the machine's Node is older: the binary from the npm registry package
#     node-linux-<arch>, into .tools/node; the npm scripts run on it (node_modules/.bin/node);
#   - PostgreSQL and Redis from Debian's packages when they are missing, started when stopped, and
#     the database of the default PG_URL (postgres://postgres@127.0.0.1:5432/test, no password);
#   - with --tests, Chromium for the browser tests;
#   - the npm packages (npm ci).
# With PG_URL / REDIS_URL set, that server is the user's and is left alone.
# --check changes nothing: it says what it would install and start, and fails when a step it needs
# cannot be done on this machine (no apt-get, not root and no sudo, no npm).
set -euo pipefail
cd "$(dirname "$0")/.."

check=false
tests=false
for arg in "$@"; do
  case "$arg" in
    --check) check=true ;;
    --tests) tests=true ;;
    *) echo "usage: scripts/bootstrap.sh [--check] [--tests]" >&2; exit 2 ;;
  esac
done

node_major="$(cat .nvmrc)"
tools_node="$PWD/.tools/node"
missing=0
packages=()

say() { echo "bootstrap: $*"; }
# In --check, a step is only reported; it counts as missing when `can` says this machine cannot do it.
plan() {
  local what="$1" can="$2"
  if [ "$can" = yes ]; then say "$($check && echo "would $what" || echo "$what")"; else say "CANNOT $what: $can"; missing=1; fi
}
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
can_root() { if [ "$(id -u)" = 0 ] || command -v sudo >/dev/null; then echo yes; else echo "not root and no sudo"; fi; }
can_apt() { if ! command -v apt-get >/dev/null; then echo "no apt-get (install $1 by hand)"; else can_root; fi; }
major_of() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

# --- Node ------------------------------------------------------------------------------------
if [ "$(major_of node)" -ge "$node_major" ]; then
  say "Node $(node --version) is recent enough"
elif [ -x "$tools_node/bin/node" ] && [ "$(major_of "$tools_node/bin/node")" -ge "$node_major" ]; then
  say "Node $("$tools_node/bin/node" --version) already in .tools/node (this machine has $(node --version 2>/dev/null || echo none))"
else
  arch="$(node -p process.arch 2>/dev/null || echo x64)"
  plan "install Node $node_major (npm registry package node-linux-$arch) into .tools/node; the machine's Node is $(node --version 2>/dev/null || echo missing)" \
    "$(command -v npm >/dev/null && echo yes || echo 'no npm')"
  if ! $check; then
    download="$(mktemp -d)"
    (cd "$download" && npm pack --loglevel=error "node-linux-$arch@$node_major" >/dev/null) ||
      { say "could not fetch node-linux-$arch@$node_major from the npm registry (npm's error above)"; exit 1; }
    rm -rf "$tools_node" && mkdir -p "$tools_node"
    tar -xzf "$download"/node-linux-*.tgz -C "$tools_node" --strip-components=1
    rm -rf "$download"
    say "INSTALLED Node $("$tools_node/bin/node" --version) in $tools_node: npm start, npm test and npx use it."
    say "  For this shell too: export PATH=\"$tools_node/bin:\$PATH\""
  fi
fi
if [ -x "$tools_node/bin/node" ]; then
  export PATH="$tools_node/bin:$PATH"
  # Native addons built by npm ci compile against this Node's headers (shipped in the same package).
  export npm_config_nodedir="$tools_node"
fi

# --- Debian packages ---------------------------------------------------------------------------
if $tests && [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then packages+=(chromium); fi
local_pg=false
if [ -z "${PG_URL:-}" ]; then
  local_pg=true
  command -v pg_ctlcluster >/dev/null || packages+=(postgresql)
else
  say "PG_URL is set: using that PostgreSQL as it is"
fi
local_redis=false
if [ -z "${REDIS_URL:-}" ]; then
  local_redis=true
  command -v redis-server >/dev/null || packages+=(redis-server)
else
  say "REDIS_URL is set: using that Redis as it is"
fi
if [ ${#packages[@]} -gt 0 ]; then
  plan "install the Debian packages: ${packages[*]} (apt-get update first)" "$(can_apt "${packages[*]}")"
  if ! $check; then
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
  fi
fi

# --- PostgreSQL --------------------------------------------------------------------------------
pg_cluster() { pg_lsclusters -h 2>/dev/null | awk 'NR == 1 { print $1, $2 }'; }
# From / : the postgres user may not enter the project's folder.
as_postgres() { (cd / && if [ "$(id -u)" = 0 ]; then su postgres -c "$1"; else sudo -u postgres sh -c "$1"; fi); }
# The default PG_URL has no password: the postgres user must be let in from 127.0.0.1 without one.
pg_connects() { psql -w -h 127.0.0.1 -p 5432 -U postgres -d postgres -tAc 'select 1' >/dev/null 2>&1; }

if $local_pg; then
  if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
    say "PostgreSQL is running on 127.0.0.1:5432"
  else
    cluster="$(pg_cluster || true)"
    plan "start PostgreSQL ${cluster:-(a new cluster)} on 127.0.0.1:5432" "$(can_root)"
    if ! $check; then
      if [ -z "$cluster" ]; then
        version="$(ls /usr/lib/postgresql | sort -n | tail -1)"
        as_root pg_createcluster "$version" main
        cluster="$version main"
      fi
      # shellcheck disable=SC2086 # "<version> <name>" are two arguments
      as_root pg_ctlcluster --skip-systemctl-redirect $cluster start
      for _ in $(seq 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
      pg_isready -q -h 127.0.0.1 -p 5432 ||
        { say "PostgreSQL does not answer on 127.0.0.1:5432 (pg_lsclusters shows its port): set PG_URL or move it to 5432"; exit 1; }
    fi
  fi
  if ! $check || pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
    if ! pg_connects; then
      plan "let the postgres user in from 127.0.0.1 and ::1 without a password (pg_hba.conf: trust)" "$(can_root)"
      if ! $check; then
        hba="$(as_postgres "psql -tAc 'show hba_file'")"
        as_root sed -i -e '1i host all postgres 127.0.0.1/32 trust' -e '1i host all postgres ::1/128 trust' "$hba"
        as_postgres "psql -qtAc 'select pg_reload_conf()'" >/dev/null
        sleep 1
        pg_connects || { say "PostgreSQL still refuses postgres@127.0.0.1 without a password; see $hba"; exit 1; }
      fi
    fi
    if ! $check || pg_connects; then
      if [ "$(psql -w -h 127.0.0.1 -U postgres -d postgres -tAc "select 1 from pg_database where datname = 'test'")" = 1 ]; then
        say "database test exists"
      else
        plan "create the database test" yes
        $check || createdb -w -h 127.0.0.1 -U postgres test
      fi
    fi
  else
    say "(then: check the password-less access for postgres@127.0.0.1 and create the database test if missing)"
  fi
fi

# --- Redis -------------------------------------------------------------------------------------
if $local_redis; then
  if redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
    say "Redis is running on 127.0.0.1:6379"
  else
    plan "start Redis on 127.0.0.1:6379 (a daemon, no persistence)" "$(can_root)"
    if ! $check; then
      as_root mkdir -p /var/lib/redis /var/log/redis
      as_root redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
        --dir /var/lib/redis --logfile /var/log/redis/bootstrap.log
      for _ in $(seq 20); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.5; done
    fi
  fi
fi

# --- npm packages ------------------------------------------------------------------------------
plan "install the npm packages (npm ci)" "$(command -v npm >/dev/null && echo yes || echo 'no npm')"
if $check; then
  if [ "$missing" = 0 ]; then say "check passed: every step above can be done here"; else say "check FAILED: see CANNOT above"; fi
  exit "$missing"
fi
# Node trusts only its own CA list; behind a TLS-inspecting proxy the registry's chain is the
# machine's. The system bundle includes the public CAs, so adding it changes nothing elsewhere.
if [ -z "${NODE_EXTRA_CA_CERTS:-}" ] && [ -r /etc/ssl/certs/ca-certificates.crt ]; then
  export NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
fi
npm ci --no-audit --no-fund
say "ready: npm start (the app), npm test (the tests) run on Node $(node --version)"
