/** The wings of a page's simulator (decision 0029): the platform-neutral ones, and persistence in IndexedDB. */
import { browserPersistenceWing } from '../persistence/browser/wing.ts'
import { WINGS } from './index.ts'

export const BROWSER_WINGS = [...WINGS, browserPersistenceWing] as const

export type { BrowserPersistenceOptions } from '../persistence/browser/wing.ts'
