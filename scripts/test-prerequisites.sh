#!/usr/bin/env bash
# npm test's set-up on a fresh Debian machine (runs as `pretest`): finds what the suites need
# outside npm — Chromium at /usr/bin/chromium (the browser suite), espeak-ng, flite and sox (the
# speech engine's synthetic clips), PostgreSQL's binaries (the server suite's second run) — and installs
# the missing ones with apt-get, as root or through sudo. Without either it stops and prints the
# one command to run. NINETY_SKIP_SYSTEM_PACKAGES=1 skips the step (a machine set up otherwise).
set -euo pipefail

[ "${NINETY_SKIP_SYSTEM_PACKAGES:-}" = 1 ] && exit 0
# Overridable so the step itself can be tried on a machine that has everything.
apt_get=${NINETY_APT_GET:-apt-get}
chromium=${NINETY_CHROMIUM:-/usr/bin/chromium}
postgres_glob=${NINETY_POSTGRES_BIN_GLOB:-/usr/lib/postgresql/*/bin/pg_ctl}

missing=()
[ -x "$chromium" ] || missing+=(chromium)
command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
command -v sox >/dev/null 2>&1 || missing+=(sox)
# A second synthesis engine: the content checks must hold on more than espeak's voices.
command -v flite >/dev/null 2>&1 || missing+=(flite)
# The 精听 content test decodes every material's MP3 to check no word is outside its sentence.
command -v lame >/dev/null 2>&1 || missing+=(lame)
# shellcheck disable=SC2086 # the glob must expand
compgen -G "$postgres_glob" >/dev/null || missing+=(postgresql)

[ ${#missing[@]} -eq 0 ] && exit 0

command_line="apt-get install -y --no-install-recommends ${missing[*]}"
echo "npm test needs Debian packages that are missing: ${missing[*]}" >&2
if [ "$(id -u)" = 0 ]; then
  run=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  run=(sudo)
else
  echo "Install them once, then run npm test again:" >&2
  echo "  sudo apt-get update && sudo $command_line" >&2
  exit 1
fi
echo "Installing them: ${run[*]:+${run[*]} }$command_line" >&2
export DEBIAN_FRONTEND=noninteractive
"${run[@]}" "$apt_get" update -qq
"${run[@]}" "$apt_get" install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
