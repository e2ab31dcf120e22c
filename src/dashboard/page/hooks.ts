/** Hooks the panels share: data loaded from the control API and refreshed as the simulator changes. */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks'
import { live } from './live.ts'
import { reportError } from './store.ts'

/** How long a burst of activity is gathered before a panel reloads (at most one reload per this). */
const REFRESH_MS = 250

export interface Loaded<T> {
  readonly data: T | undefined
  readonly reload: () => void
}

/** Loads `load()` now, whenever `deps` change, and after activity of the kinds given, at most every REFRESH_MS. */
export function useLoaded<T>(
  load: () => Promise<T>,
  deps: readonly unknown[],
  refreshOn: readonly ('exchange' | 'control')[] = ['control'],
): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined)
  const latest = useRef(load)
  latest.current = load
  const reload = useCallback(() => {
    latest.current().then(setData, reportError)
  }, [])
  useEffect(reload, deps)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const stop = live.onActivity((kind) => {
      if (!refreshOn.includes(kind) || timer !== undefined) return
      timer = setTimeout(() => {
        timer = undefined
        reload()
      }, REFRESH_MS)
    })
    return () => {
      stop()
      clearTimeout(timer)
    }
  }, [reload, refreshOn.join()])
  return { data, reload }
}
