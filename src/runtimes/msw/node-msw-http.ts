/** msw's `http` for the Node entries in the sources and the CommonJS build (the ES build's: decision 0026). */
import './msw-http-from-main.ts'
