#!/usr/bin/env bash
# npm run check:deploy: the deploy kit (deploy/) read by the tools that will run it on a server (issue 42).
#
# - systemd-analyze verify on the three units, together (the timer's service is found beside it). systemd only warns
#   about a misspelt setting or a value it cannot read, and goes on without it, with exit code 0: so any word
#   from verify fails this check. It also fails when ExecStart's program is missing; it does not need the User= to
#   exist, nor WorkingDirectory= or EnvironmentFile=, which are only read when the unit starts.
# - systemd-analyze security --offline: the exposure score of each service stays at or under 2.0 (of 10), so that
#   no hardening setting goes without someone noticing.
# - caddy validate on the Caddyfile (adapted and provisioned, without starting or obtaining a certificate), and
#   caddy fmt: it is written as Caddy formats it.
# - sh -n on deploy/techhelp, the command that runs the tools as the server's user.
#
# Needs systemd's systemd-analyze and Caddy (Debian: apt-get install -y systemd caddy); .ci/run installs Caddy.
set -euo pipefail
cd "$(dirname "$0")/.."

units=(deploy/techhelp.service deploy/techhelp-backup.service deploy/techhelp-backup.timer)
services=(deploy/techhelp.service deploy/techhelp-backup.service)
max_exposure=20 # tenths: 2.0

for tool in systemd-analyze caddy; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "✗ $tool is missing: install it (Debian: apt-get install -y ${tool/systemd-analyze/systemd}) and run npm run check:deploy again" >&2
    exit 1
  fi
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The units as they are, in a folder of their own. A machine whose Node.js is not at /usr/bin/node (where Debian's
# and NodeSource's packages put it, and where the units run it) checks them with its own node in that place.
cp "${units[@]}" "$work/"
if [ ! -x /usr/bin/node ]; then
  node_path="$(command -v node)"
  echo "(no /usr/bin/node on this machine: the units are checked with $node_path in its place)"
  sed -i "s#^ExecStart=/usr/bin/node #ExecStart=$node_path #" "$work"/*.service
fi

failed=0

said="$(cd "$work" && systemd-analyze verify --man=no "${units[@]##*/}" 2>&1)" && status=0 || status=$?
if [ "$status" -ne 0 ] || [ -n "$said" ]; then
  echo "✗ systemd-analyze verify ${units[*]##*/} (exit code $status):"
  printf '%s\n' "$said" | sed 's/^/    /'
  failed=1
else
  echo "✓ systemd-analyze verify ${units[*]##*/}: no error, no warning"
fi

for unit in "${services[@]}"; do
  name="${unit##*/}"
  report="$(cd "$work" && systemd-analyze security --offline=yes --threshold="$max_exposure" "$name" 2>&1)" && status=0 || status=$?
  overall="$(printf '%s\n' "$report" | grep 'Overall exposure level' || true)"
  if [ "$status" -ne 0 ] || [ -z "$overall" ]; then
    echo "✗ systemd-analyze security $name: over ${max_exposure:0:1}.${max_exposure:1} (exit code $status):"
    printf '%s\n' "$report" | grep -E '✗|Overall|rror' | sed 's/^/    /'
    failed=1
  else
    echo "✓ systemd-analyze security $name: ${overall#*→ }"
  fi
done

# Caddy keeps its state under $HOME and $XDG_*: a folder of the check's own, so that nothing of the machine's changes.
caddy_env=(env HOME="$work" XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config")
said="$("${caddy_env[@]}" caddy validate --config deploy/Caddyfile --adapter caddyfile 2>&1)" && status=0 || status=$?
if [ "$status" -ne 0 ] || ! printf '%s\n' "$said" | grep -q '^Valid configuration$' || printf '%s\n' "$said" | grep -q '"level":"warn"'; then
  echo "✗ caddy validate --config deploy/Caddyfile --adapter caddyfile (exit code $status):"
  printf '%s\n' "$said" | sed 's/^/    /'
  failed=1
else
  echo "✓ caddy validate --config deploy/Caddyfile --adapter caddyfile: Valid configuration ($("${caddy_env[@]}" caddy version | cut -d' ' -f1))"
fi
if ! diff -u deploy/Caddyfile <("${caddy_env[@]}" caddy fmt deploy/Caddyfile) >"$work/fmt.diff"; then
  echo "✗ deploy/Caddyfile is not as caddy fmt writes it:"
  sed 's/^/    /' "$work/fmt.diff"
  failed=1
else
  echo "✓ caddy fmt deploy/Caddyfile: formatted"
fi

if sh -n deploy/techhelp; then
  echo "✓ sh -n deploy/techhelp: the command's script parses"
else
  echo "✗ sh -n deploy/techhelp: the command's script does not parse"
  failed=1
fi

exit "$failed"
