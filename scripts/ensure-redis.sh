#!/usr/bin/env bash
# Installs Debian's redis-server when it is missing. The tests that need Redis start a private
# server of their own (scripts/redis-server.mjs); nothing here starts or enables a service.
set -euo pipefail
if command -v redis-server >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-redis: redis-server is missing; install it with: sudo apt-get install -y redis-server" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends redis-server >/dev/null
command -v redis-server >/dev/null
