/** `serve --open`: which command opens the dashboard, and what is said when none can. */
import { describe, expect, it } from 'vitest'
import { parseArgs } from '../../src/runtimes/cli/args.ts'
import { openerFor, openInBrowser } from '../../src/runtimes/cli/open-browser.ts'

const url = 'http://127.0.0.1:4010/__sim/ui'

describe('serve --open', () => {
  it('is a switch of serve', () => {
    const parsed = parseArgs(['--open'])
    expect(parsed.kind === 'run' && parsed.options.open).toBe(true)
    const plain = parseArgs([])
    expect(plain.kind === 'run' && plain.options.open).toBe(false)
  })

  it("uses the platform's opener, and none without a display", () => {
    expect(openerFor('darwin', {}, url)).toEqual({ command: 'open', args: [url] })
    expect(openerFor('win32', {}, url)).toEqual({ command: 'cmd', args: ['/c', 'start', '""', url] })
    expect(openerFor('linux', { DISPLAY: ':0' }, url)).toEqual({ command: 'xdg-open', args: [url] })
    expect(openerFor('linux', {}, url)).toBeUndefined()
  })

  it('says to open the URL by hand when no browser can be opened', async () => {
    expect(await openInBrowser(url, 'linux', {})).toBe(`no browser to open here: open ${url} in one`)
    // A display but no opener installed (PATH empty): the spawn fails, and it says so.
    const saved = process.env.PATH
    process.env.PATH = ''
    try {
      expect(await openInBrowser(url, 'linux', { DISPLAY: ':0' })).toMatch(
        /could not run xdg-open: open .* in a browser/,
      )
    } finally {
      process.env.PATH = saved
    }
  })
})
