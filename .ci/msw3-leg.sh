#!/usr/bin/env bash
# Second CI leg: the whole test suite on msw 3 and Node 24, the other end of the peer range
# (`msw: ^2.15.0 || ^3.0.0`). Run from the repository root after `npm ci`.
#
# msw 3 needs Node >= 22.12; the npm package `node` provides a Node 24 binary at
# node_modules/.bin/node, which npm scripts put first on PATH, so `npm test` (tsc, vitest, the
# browser test's esbuild and Chromium driver) runs on it. npm itself keeps running on the system
# Node, hence its EBADENGINE warnings for msw 3 and its dependencies. Both packages are installed
# with --no-save, so package.json and package-lock.json stay untouched; on the way out, even after
# a failure, `npm ci` puts node_modules back to the lockfile's msw 2 baseline for later steps.
set -euo pipefail
cd "$(dirname "$0")/.."

MSW_VERSION=3.0.5
NODE_VERSION=24.21.0

restore_baseline() {
  local status=$?
  trap - EXIT
  echo "msw3-leg: restoring the baseline (npm ci)"
  npm ci --no-audit --no-fund || status=$?
  exit "$status"
}
trap restore_baseline EXIT

started=$SECONDS
npm i --no-save --no-audit --no-fund "msw@$MSW_VERSION" "node@$NODE_VERSION"

node_in_scripts=$(npm exec -- node --version)
msw_installed=$(npm exec -- node -p "require('msw/package.json').version")
echo "msw3-leg: msw $msw_installed, Node $node_in_scripts in npm scripts (npm on system Node $(node --version))"
if [[ $node_in_scripts != "v$NODE_VERSION" || $msw_installed != "$MSW_VERSION" ]]; then
  echo "msw3-leg: expected msw $MSW_VERSION on Node v$NODE_VERSION" >&2
  exit 1
fi

npm test
echo "msw3-leg: passed on msw $msw_installed and Node $node_in_scripts in $((SECONDS - started)) s (before restoring)"
