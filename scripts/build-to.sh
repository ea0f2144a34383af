#!/usr/bin/env bash
# Builds the web app and the server into apps/web/<dir> and apps/server/<dir> (default dist), so
# that journeys can run from one build (E2E_BUILD_DIR=<dir>) while another is being made.
set -euo pipefail
dir="${1:-dist}"
case "$dir" in dist | dist-*) ;; *) echo "usage: $0 [dist|dist-<name>]" >&2; exit 2 ;; esac
cd "$(dirname "$0")/.."
(cd apps/web && npx vite build --outDir "$dir" --emptyOutDir)
(cd apps/server && SERVER_OUT_DIR="$dir" node build.mjs)
