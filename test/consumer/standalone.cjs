// The CommonJS standalone entry from plain Node: require() it, start a server on a free port, load
// the dashboard (its page and the two files the page loads, found from dist/dashboard/ through
// import.meta.url, which the CommonJS build shims) and one API read, then close. Exits non-zero on
// any mismatch.
const assert = require('node:assert/strict')
const { startStandaloneServer } = require('debt-token-simulator/standalone')

async function main() {
  const standalone = await startStandaloneServer({ port: 0 })
  try {
    const page = await fetch(`${standalone.url}/__sim/ui`)
    assert.equal(page.status, 200, 'GET /__sim/ui')
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/)
    const html = await page.text()
    const assets = [...html.matchAll(/(?:src|href)="(\/__sim\/ui\/[^"]+)"/g)].map((match) => match[1])
    assert.deepEqual(assets.toSorted(), ['/__sim/ui/dashboard.css', '/__sim/ui/dashboard.js'])
    for (const asset of assets) {
      const response = await fetch(`${standalone.url}${asset}`)
      assert.equal(response.status, 200, `GET ${asset}`)
      assert.ok((await response.text()).length > 100, `${asset} has content`)
    }

    const tokens = await fetch(`${standalone.url}/securityToken`, { headers: { authorization: 'Bearer test' } })
    assert.equal(tokens.status, 200, 'GET /securityToken')
    assert.ok((await tokens.json()).length >= 3, 'the seeded security tokens')
  } finally {
    await standalone.close()
  }
  console.log(`CommonJS standalone entry on Node ${process.version}: the dashboard and the API answer`)
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
