#!/usr/bin/env bash
# npm run test:containers: the tests that need a container engine.
#   1. the integration tests with PG_URL/REDIS_URL unset, so the harness starts PostgreSQL and
#      Redis through Testcontainers (libs/testing/src/infra.ts);
#   2. the product image (Dockerfile) and the mail catcher image, then the whole-stack test:
#      docker-compose.yml with three mailers (scripts/containers/whole-stack.test.ts).
# The engine: Docker where one answers; else podman set up by scripts/container-runtime.sh, with
# images built from Debian packages (no registry needed). It prints what it used and how long
# each part took.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

clock() { date +%s; }
took() { echo "$(($(clock) - $1)) s"; }
timings=()
start=$(clock)

t=$(clock)
# An eval of a failed substitution would go on without an engine: stop with the runtime's own words.
runtime="$(scripts/container-runtime.sh)" || { echo "test:containers: the container runtime could not be set up (above)" >&2; exit 1; }
eval "$runtime"
timings+=("container runtime ready: $(took "$t")")
if [ -n "${CONTAINERS_CONF:-}" ]; then cli=podman; else cli=docker; fi
export NODE_IMAGE="${NODE_IMAGE:-node:24-bookworm-slim}"
export MFD_IMAGE="${MFD_IMAGE:-marine-fuel-distribution:local}"
# The whole-stack test reads the project's own catcher (its JSON names the sending container).
export MAIL_CATCHER_IMAGE="${MAIL_CATCHER_IMAGE:-mfd-mail-catcher:local}"
echo "test:containers: engine $cli at ${DOCKER_HOST:-the default socket}," \
  "server $($cli version --format '{{.Server.Version}}' 2>/dev/null || echo '?')"
echo "test:containers: images: Testcontainers ${TEST_POSTGRES_IMAGE:-postgres:16-alpine}, ${TEST_REDIS_IMAGE:-redis:7-alpine};" \
  "compose $MFD_IMAGE (on $NODE_IMAGE), ${POSTGRES_IMAGE:-postgres:16-alpine}, ${REDIS_IMAGE:-redis:7-alpine}, $MAIL_CATCHER_IMAGE"

# Containers of an earlier run that died before stopping them (no Ryuk reaper under podman).
leftovers() { $cli ps -aq --filter label=mfd.test-infra; }
cleanup() { ids="$(leftovers)"; [ -z "$ids" ] || $cli rm -f $ids >/dev/null; }
cleanup
trap cleanup EXIT

# The images build while the integration tests run: the tests mostly wait, the build mostly works.
build_log="$(mktemp)"
build_images() {
  if [ "$cli" = docker ]; then
    context="$(mktemp -d)"
    esbuild scripts/containers/mail-catcher.ts --bundle --platform=node --format=cjs --target=node24 \
      --log-level=warning --outfile="$context/mail-catcher.cjs"
    docker build --quiet --build-arg "NODE_IMAGE=$NODE_IMAGE" -t "$MAIL_CATCHER_IMAGE" \
      -f deploy/containers/mail-catcher/Containerfile "$context"
    rm -rf "$context"
  fi
  $cli build --build-arg "NODE_IMAGE=$NODE_IMAGE" -t "$MFD_IMAGE" .
}
t_build=$(clock)
(
  renice -n 10 -p "$BASHPID" >/dev/null # the tests first
  if build_images >"$build_log" 2>&1; then echo 0; else echo 1; fi >"$build_log.rc"
  echo "$(($(clock) - t_build)) s" >"$build_log.took"
) &
builder=$!

failed=()
t=$(clock)
env -u PG_URL -u REDIS_URL vitest run --project integration || failed+=("integration tests")
timings+=("integration tests on Testcontainers: $(took "$t")")

t=$(clock)
wait "$builder" || true
timings+=("product image $MFD_IMAGE: $(cat "$build_log.took") (alongside the tests; waited $(took "$t") after them)")
if [ "$(cat "$build_log.rc")" != 0 ]; then
  tail -40 "$build_log"
  failed+=("the product image build")
else
  t=$(clock)
  vitest run --project containers || failed+=("the whole-stack test")
  timings+=("whole-stack test: $(took "$t")")
fi
rm -f "$build_log" "$build_log.rc" "$build_log.took"

printf 'test:containers: %s\n' "${timings[@]}" "total: $(took "$start")"
if [ ${#failed[@]} -gt 0 ]; then
  printf 'test:containers: FAILED: %s\n' "${failed[@]}"
  exit 1
fi
