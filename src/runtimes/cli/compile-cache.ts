/**
 * Where the command keeps Node's compile cache when NODE_COMPILE_CACHE does not say: a directory of
 * the user's own, which no one else can write to. The builtins are taken from
 * `process.getBuiltinModule`, not imported: an import here would go to the command's chunk and load
 * it before the cache is on (main.ts).
 */

/**
 * `$XDG_CACHE_HOME/debt-token-simulator` (else `~/.cache/debt-token-simulator`), made when missing;
 * undefined, so no cache is used, when it is not a directory the user owns and alone may write to
 * (a link, another user's, writable by the group or others) or cannot be made.
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
