/**
 * How the Node entries reach msw's `http`: from msw's main entry in the sources and the CommonJS
 * build (Jest's require resolves it in its own registry). The ES build replaces this module with
 * node-msw-http.required.ts (tsdown.config.ts), which takes it from msw's `http` module instead.
 */
import './msw-http-from-main.ts'
