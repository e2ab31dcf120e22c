#!/bin/sh
# `npm start` and the package's bin: the standalone server.
#
# The fast way is the V8 startup snapshot (dist/snapshot/cli.blob, built by scripts/build.mjs): Node
# deserializes the already evaluated modules instead of compiling and running them. It is used when
# it is there, was built by this very Node binary (a snapshot loads in no other) and is newer than
# every source, fixture and scenario file and than scripts/node-flags (it loads only under the V8
# flags it was built with). Otherwise scripts/start.mjs runs: it rebuilds dist/ when
# sources changed and serves from the ESM bundle, so the next start has a fresh snapshot again.
# DEBT_TOKEN_SIMULATOR_NO_SNAPSHOT=1 skips the snapshot. Both ways `exec` node, so signals reach it.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
read -r flags < "$root/scripts/node-flags"
snapshot="$root/dist/snapshot"
node_bin=$(command -v node)

snapshot_usable() {
  [ -z "${DEBT_TOKEN_SIMULATOR_NO_SNAPSHOT:-}" ] && [ -f "$snapshot/cli.blob" ] && [ -f "$snapshot/built-by" ] || return 1
  read -r built_by < "$snapshot/built-by"
  # command -v may name a link to the binary that built it (node_modules/.bin/node, say).
  [ "$built_by" = "$node_bin" ] || [ "$built_by" = "$(readlink -f "$node_bin")" ] || return 1
  [ "$snapshot/cli.blob" -nt "$built_by" ] || return 1
  [ -z "$(find "$root/src" "$root/fixtures" "$root/scenarios" "$root/scripts/node-flags" -newer "$snapshot/cli.blob" -print 2>/dev/null | head -n 1)" ]
}

if snapshot_usable; then
  # shellcheck disable=SC2086 # the flags are words
  exec node $flags --snapshot-blob "$snapshot/cli.blob" -- "$@"
fi
# shellcheck disable=SC2086
exec node $flags "$root/scripts/start.mjs" "$@"
