/**
 * Hands over msw's `http` from msw's main entry: for the browser and Storybook entries, where a
 * bundler keeps only `http` of it, and for the Node entries in the sources and the CommonJS build
 * (node-msw-http.ts).
 */
import { http } from 'msw'
import { provideMswHttp } from './msw-http.ts'

provideMswHttp(http)
