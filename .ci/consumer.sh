#!/usr/bin/env bash
# The package as its users meet it: `npm pack`, the tarball installed into fresh temporary projects,
# and used from there. Run from anywhere; needs the repository's node_modules (npm ci) for the pack.
#
#  1. publint and @arethetypeswrong/cli (ESM profile) on the package.
#  2. A consumer project (msw 2, typescript, @types/node, vitest): the README's vitest example;
#     the entries from plain Node 20 with no loader; tsc --noEmit under create-vite's vanilla-ts
#     tsconfig (taken from the create-vite package; Node's types absent), the tsconfig `tsc --init`
#     writes, and strict NodeNext with exactOptionalPropertyTypes; the command: --version,
#     scenarios, serve, and replay of a shipped scenario against it. Then @playwright/test and
#     @msw/playwright are added (everything before ran without them, which the main entries must
#     not need): a Playwright suite on debt-token-simulator/playwright under tsc (strict NodeNext,
#     `tsc --init`), and the entry imported from plain Node.
#  3. The same project on Node 24 with msw 3: plain Node, the vitest example, and the Playwright
#     entry imported (shared-server mode works there; in-process mode needs msw 2).
#  4. What `npm install -D debt-token-simulator msw` installs: packages and MB (README figure).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"

# The versions the repository itself develops against, so the installs hit npm's cache.
dev_version() { node -p "require('./package.json').devDependencies['$1'].replace(/^[\\^~]/, '')"; }
MSW2=$(dev_version msw)
TYPESCRIPT=$(dev_version typescript)
VITEST=$(dev_version vitest)
TYPES_NODE=20
PLAYWRIGHT=$(dev_version @playwright/test)
MSW_PLAYWRIGHT=$(dev_version @msw/playwright)
MSW3=3.0.5
NODE24=24.21.0
CREATE_VITE=9.3.0
VERSION=$(node -p "require('./package.json').version")

work=$(mktemp -d "${TMPDIR:-/tmp}/dts-consumer-XXXXXX")
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
step() { printf '\nconsumer: %s\n' "$*"; }
npm_quiet() { npm --no-audit --no-fund --loglevel=error "$@"; }

step "npm pack (prepare builds dist/)"
npm_quiet pack --pack-destination "$work" >/dev/null
tarball=$(ls "$work"/debt-token-simulator-*.tgz)
echo "packed $(basename "$tarball") ($(du -k "$tarball" | cut -f1) KB)"

step "publint, attw (ESM profile)"
npx publint --strict "$tarball"
npx attw "$tarball" --profile esm-only

app="$work/app"
mkdir -p "$app"
cp -R "$repo/test/consumer/." "$app/"
cd "$app"
cat > package.json <<'JSON'
{ "name": "consumer-app", "private": true, "version": "0.0.0", "type": "module" }
JSON
step "install the tarball with msw@$MSW2 typescript@$TYPESCRIPT @types/node@$TYPES_NODE vitest@$VITEST"
npm_quiet install -D "$tarball" "msw@$MSW2" "typescript@$TYPESCRIPT" "@types/node@$TYPES_NODE" "vitest@$VITEST"

step "the README's vitest example"
node -e '
  const readme = require("fs").readFileSync(process.argv[1], "utf8")
  const block = /```ts\n(\/\/ api\.test\.ts\n[\s\S]*?)```/.exec(readme)
  if (!block) { console.error("README has no ```ts block starting with // api.test.ts"); process.exit(1) }
  require("fs").writeFileSync("api.test.ts", block[1])
' "$repo/README.md"
npx vitest run api.test.ts

step "plain Node $(node --version), no loader"
node plain-node.mjs

step "tsc --noEmit: create-vite@$CREATE_VITE's vanilla-ts tsconfig (no Node types)"
npm_quiet pack "create-vite@$CREATE_VITE" --pack-destination "$work" >/dev/null
tar -xzf "$work"/create-vite-*.tgz -C "$work" package/template-vanilla-ts/tsconfig.json
# The template lists vite/client's types; vite is not installed here, and Node's types must not be
# needed, so the list is emptied. TypeScript 7 (the template's) makes strict the default: say it.
node -e '
  const fs = require("fs"); const [from, to] = process.argv.slice(1)
  const text = fs.readFileSync(from, "utf8").replace(/\/\*[\s\S]*?\*\//g, "")
  const config = JSON.parse(text)
  config.compilerOptions.types = []
  config.compilerOptions.strict = true
  fs.writeFileSync(to, JSON.stringify(config, null, 2))
' "$work/package/template-vanilla-ts/tsconfig.json" tsconfig.vanilla-ts.json
npx tsc --noEmit -p tsconfig.vanilla-ts.json
# The same sources with declaration files checked too (skipLibCheck off): nothing of ours needs Node.
npx tsc --noEmit -p tsconfig.vanilla-ts.json --skipLibCheck false

step "tsc --noEmit: the tsconfig \`tsc --init\` writes"
mkdir init && cp src/browser-app.ts node/server-setup.ts init/
(cd init && npx tsc --init >/dev/null && npx tsc --noEmit -p .)

step "tsc --noEmit: strict, NodeNext, exactOptionalPropertyTypes (declaration files checked)"
npx tsc --noEmit -p tsconfig.strict-nodenext.json

step "debt-token-simulator/playwright with @playwright/test@$PLAYWRIGHT and @msw/playwright@$MSW_PLAYWRIGHT"
npm_quiet install -D "@playwright/test@$PLAYWRIGHT" "@msw/playwright@$MSW_PLAYWRIGHT"
npx tsc --noEmit -p tsconfig.playwright.json
mkdir init-playwright && cp playwright/*.ts init-playwright/
(cd init-playwright && npx tsc --init >/dev/null && npx tsc --noEmit -p .)
playwright_entry_loads='
  const entry = await import("debt-token-simulator/playwright")
  for (const name of ["test", "expect", "inProcess"])
    if (typeof entry[name] !== "function") throw new Error(`debt-token-simulator/playwright: no ${name}`)
  console.log(`debt-token-simulator/playwright imports on Node ${process.version}`)'
node --input-type=module -e "$playwright_entry_loads"

step "the command"
got=$(npx debt-token-simulator --version)
[ "$got" = "$VERSION" ] || { echo "--version printed '$got', expected $VERSION"; exit 1; }
echo "--version: $got"
npx debt-token-simulator scenarios | tee scenarios.txt
grep -q '^flaky-backend ' scenarios.txt
npx debt-token-simulator scenarios validate node_modules/debt-token-simulator/scenarios
port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close() })')
node_modules/.bin/debt-token-simulator serve -p "$port" --quiet > serve.log 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do grep -q 'listening on' serve.log && break; sleep 0.1; done
grep -q 'listening on' serve.log || { cat serve.log; exit 1; }
npx debt-token-simulator replay node_modules/debt-token-simulator/scenarios/flaky-backend.json \
  node_modules/debt-token-simulator/scenarios/manager-payment-rejected.json --url "http://127.0.0.1:$port"
kill "$server_pid"; wait "$server_pid" || true; server_pid=

step "Node $NODE24 with msw@$MSW3: plain Node, the vitest example, the Playwright entry"
npm_quiet install --no-save "node@$NODE24" "msw@$MSW3"
node24="$app/node_modules/.bin/node"
[ "$("$node24" --version)" = "v$NODE24" ] || { echo "expected Node $NODE24"; exit 1; }
"$node24" plain-node.mjs
"$node24" node_modules/vitest/vitest.mjs run api.test.ts
"$node24" --input-type=module -e "$playwright_entry_loads"

step "what \`npm install -D debt-token-simulator msw\` installs"
sized="$work/sized"
mkdir -p "$sized" && cd "$sized"
echo '{ "name": "sized", "private": true, "type": "module" }' > package.json
npm_quiet install -D "$tarball" msw
echo "installed: $(npm ls --all --parseable 2>/dev/null | tail -n +2 | sort -u | wc -l) packages, $(du -sm node_modules | cut -f1) MB (node_modules, with msw)"
echo "consumer: all checks passed"
