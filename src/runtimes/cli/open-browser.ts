/** `serve --open`: opens the dashboard with the platform's opener, or says to open the printed URL by hand. */

/** The command that opens `url` in the default browser on `platform`, or undefined for none. */
export function openerFor(
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
  url: string,
): { command: string; args: string[] } | undefined {
  if (platform === 'darwin') return { command: 'open', args: [url] }
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', url] }
  // Without a display there is no browser to show the page in (a server, a container, CI).
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return undefined
  return { command: 'xdg-open', args: [url] }
}

/** Tries to open `url`; resolves with a sentence for the terminal when it could not. */
export function openInBrowser(
  url: string,
  platform: NodeJS.Platform = process.platform,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<string | undefined> {
  const opener = openerFor(platform, env, url)
  if (opener === undefined) return Promise.resolve(`no browser to open here: open ${url} in one`)
  return new Promise((resolve) => {
    // child_process is reached here, not imported: importing it costs every start of the command, and only --open needs it.
    const child = process.getBuiltinModule('node:child_process').spawn(opener.command, opener.args, {
      stdio: 'ignore',
      detached: true,
    })
    child.once('error', () => resolve(`could not run ${opener.command}: open ${url} in a browser`))
    child.once('spawn', () => {
      child.unref()
      resolve(undefined)
    })
  })
}
