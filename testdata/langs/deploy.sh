#!/usr/bin/env bash
# Deploys the app to a host.
set -euo pipefail

source "$(dirname "$0")/lib/common.sh"
. ./env.sh

readonly APP_NAME="shop"
declare -r RETRIES=3
export DEPLOY_ENV="${DEPLOY_ENV:-staging}"
TIMEOUT=30

# Prints usage and exits.
usage() {
  echo "usage: $0 HOST" >&2
  exit 2
}

function log {
  printf '%s %s\n' "$(date +%T)" "$*"
}

function build() {
  local target=$1
  log "building $target"
  make -C "$target"
}

deploy_to() {
  local host=$1
  for i in $(seq "$RETRIES"); do
    scp "build/$APP_NAME" "$host:" && return 0
  done
  return 1
}

main() {
  [[ $# -eq 1 ]] || usage
  build .
  deploy_to "$1"
}

main "$@"
