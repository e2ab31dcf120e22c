/**
 * Where the command keeps Node's compile cache, which Node trusts (docs/security.md). Builtins are not
 * imported: an import would go to the command's chunk and load it before the cache is on (main.ts).
 */

/**
 * `$XDG_CACHE_HOME/debt-token-simulator` (else under `~/.cache`), made when missing; undefined, so no
 * cache is used, unless it is a directory (not a link) the user owns and alone may write to.
 */
export function ownCacheDirectory(env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
  const { lstatSync, mkdirSync } = process.getBuiltinModule('node:fs')
  const { join } = process.getBuiltinModule('node:path')
  try {
    const base = env.XDG_CACHE_HOME || join(process.getBuiltinModule('node:os').homedir(), '.cache')
    const directory = join(base, 'debt-token-simulator')
    mkdirSync(directory, { recursive: true, mode: 0o700 })
    const stats = lstatSync(directory)
    const uid = process.getuid?.()
    if (!stats.isDirectory() || (uid !== undefined && stats.uid !== uid) || (stats.mode & 0o022) !== 0) return undefined
    return directory
  } catch {
    return undefined
  }
}
