/**
 * The bounds of `GET /__sim/events` (docs/behaviour.md, README Security): how many streams, how
 * much a subscriber may hold unread, how events are batched under a flood, how a lagging one
 * catches up. The hub (event-hub.ts) applies them.
 */

/** The most event streams open at once (dashboards, curl, tests). */
export const MAX_SUBSCRIBERS = 200
/** How many unread bytes a subscriber may hold before it is dropped. */
export const MAX_BUFFERED_BYTES = 1024 * 1024
/** How long live events gather before they are written (a dashboard renders every 60 ms anyway). */
export const FLUSH_MS = 50
/**
 * How many exchanges a batch carries, over all live subscribers together: each 50 ms batch carries
 * at most BATCH_BUDGET ÷ subscribers exchanges (never fewer than MIN_BATCH_EXCHANGES), the newest,
 * after a `gap` counting the rest (they stay in `GET /__sim/journal` while the ring holds them).
 * Every subscriber is sent every byte, so under a flood the bytes, not the formatting, are the
 * cost: 100 streams at 13,000 requests a second would be a gigabyte a second. One or a few
 * dashboards get everything (200,000 exchanges a second between them); 100 get 2,000 a second each.
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
/** Heartbeats (15 s apart) a subscriber may stay behind before it is dropped: a minute. */
export const STALLED_BEATS = 4
/** Entries read from the journal per catch-up piece. */
export const CATCH_UP_PIECE = 32
