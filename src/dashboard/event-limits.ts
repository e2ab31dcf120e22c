/** The bounds of `GET /__sim/events` (docs/behaviour.md, README Security), which event-hub.ts applies. */

/** The most event streams open at once (dashboards, curl, tests). */
export const MAX_SUBSCRIBERS = 200
/** How many unread bytes a subscriber may hold before it is dropped. */
export const MAX_BUFFERED_BYTES = 1024 * 1024
/** How long live events gather before they are written (a dashboard batches its renders anyway). */
export const FLUSH_MS = 50
/**
 * Exchanges a batch carries over all live subscribers together: each gets BATCH_BUDGET ÷ subscribers
 * (at least MIN_BATCH_EXCHANGES), the newest, after a `gap`. Under a flood the bytes sent are the cost.
 */
export const BATCH_BUDGET = 10_000
export const MIN_BATCH_EXCHANGES = 50
/** How often an idle stream sends a comment, so proxies and the browser keep it open. */
export const HEARTBEAT_MS = 15_000
/** How long a browser waits before it reconnects a dropped stream. */
export const RETRY_MS = 1000
/** The catch-up is written while the client holds less than this unread. */
export const CATCH_UP_MARK = 64 * 1024
/** A live subscriber with this much unread gets no more batches: it reads the ring once it drained. */
export const LAG_MARK = 256 * 1024
/** Heartbeats a subscriber may stay behind before it is dropped. */
export const STALLED_BEATS = 4
/** Entries read from the journal per catch-up piece. */
export const CATCH_UP_PIECE = 32
