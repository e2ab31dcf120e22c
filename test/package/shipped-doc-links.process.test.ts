/**
 * The documents the package ships link only what the tarball holds. Users read the README and docs/
 * in node_modules and on the package's page, where a relative link or picture to a file the tarball
 * lacks (docs/development.md, a screenshot, examples/) is broken; such files are linked by absolute
 * URL into the repository, and those URLs must name files the repository has. The tarball's list
 * is npm's own (`npm pack --dry-run --json`; dist/ is there, built by the global setup).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '../support/cli-process.ts'

const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
  repository: { url: string }
}
/** https://github.com/owner/name, from package.json's `repository`. */
const repositoryUrl = manifest.repository.url.replace(/^git\+/, '').replace(/\.git$/, '')

/** The tarball's files, as npm lists them (scripts are not run: dist/ is already built). */
function tarballFiles(): string[] {
  const text = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'], {
    cwd: projectRoot,
    encoding: 'utf8',
  })
  return (JSON.parse(text) as { files: { path: string }[] }[])[0]!.files.map((file) => file.path)
}

/** Every link and picture target of a markdown text, outside code: `[..](t)`, `![..](t)`, `[x]: t`, `src=`/`href=`. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/`[^`\n]*`/g, '')
  const targets = [
    ...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g),
    ...prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm),
    ...prose.matchAll(/\b(?:src|href)\s*=\s*["']([^"']+)["']/g),
  ]
  return targets.map((match) => match[1]!)
}

/** The links of `doc` (a path in the tarball, with its `text`) that break where the package is shown. */
function brokenLinks(doc: string, text: string, shipped: ReadonlySet<string>): string[] {
  const broken: string[] = []
  for (const target of linkTargets(text)) {
    if (target.startsWith('#')) continue
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
      // An absolute link into the repository must name a file or folder the repository has.
      const inRepository = new RegExp(`^${repositoryUrl}/(?:blob|tree|raw)/[^/]+/([^#?]+)`).exec(target)
      if (inRepository && !existsSync(join(projectRoot, decodeURIComponent(inRepository[1]!))))
        broken.push(`${doc}: ${target} (no such file in the repository)`)
      continue
    }
    const path = posix.normalize(posix.join(posix.dirname(doc), decodeURIComponent(target.replace(/[#?].*$/, ''))))
    const folder = `${path.replace(/\/$/, '')}/`
    if (!shipped.has(path) && ![...shipped].some((file) => file.startsWith(folder)))
      broken.push(`${doc}: ${target} (not in the tarball)`)
  }
  return broken
}

describe('links of the shipped documents', () => {
  it('find what they link in the tarball, or by URL in the repository', () => {
    const files = tarballFiles()
    const shipped = new Set(files)
    const docs = files.filter((file) => file.endsWith('.md'))
    expect(docs).toEqual(expect.arrayContaining(['README.md', 'docs/scenarios.md', 'docs/playwright.md']))
    const broken = docs.flatMap((doc) => brokenLinks(doc, readFileSync(join(projectRoot, doc), 'utf8'), shipped))
    expect(broken).toEqual([])
  })

  it('are read as a user reads them: a missing file, picture or folder is broken, code is not a link', () => {
    const shipped = new Set(['README.md', 'docs/api.md', 'docs/openapi.json'])
    const text = [
      '[api](docs/api.md#conventions) [top](#install) [npm](https://www.npmjs.com/)',
      '![Overview](docs/dashboard/overview.png) [development](docs/development.md)',
      '[examples](examples/playwright) <img src="docs/logo.svg">',
      `[gone](${repositoryUrl}/blob/main/docs/no-such-page.md) [here](${repositoryUrl}/blob/main/README.md)`,
      '`[not a link](nowhere.md)`',
      '```md\n[not a link either](nowhere.md)\n```',
    ].join('\n')
    expect(brokenLinks('README.md', text, shipped)).toEqual([
      'README.md: docs/dashboard/overview.png (not in the tarball)',
      'README.md: docs/development.md (not in the tarball)',
      'README.md: examples/playwright (not in the tarball)',
      `README.md: ${repositoryUrl}/blob/main/docs/no-such-page.md (no such file in the repository)`,
      'README.md: docs/logo.svg (not in the tarball)',
    ])
    expect(
      brokenLinks('docs/scenarios.md', '[api](api.md) [openapi](./openapi.json) [up](../README.md)', shipped),
    ).toEqual([])
  })
})
