/**
 * node:http for the standalone server, reached through `process.getBuiltinModule` rather than an ES
 * import: an ES import copies the module's exports, lazy getters included, and its `WebSocket`
 * getters load undici, which a server on node:http does not use (decision 0024).
 */
export const nodeHttp: typeof import('node:http') = process.getBuiltinModule('node:http')
