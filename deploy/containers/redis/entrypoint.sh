#!/bin/sh
# Arguments given later win in Redis, so a caller's own --protected-mode still counts.
if [ "$1" = redis-server ]; then
  shift
  set -- redis-server --protected-mode no "$@"
fi
exec "$@"
