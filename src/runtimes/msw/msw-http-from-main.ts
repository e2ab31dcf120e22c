/** Hands over msw's `http` from msw's main entry, for every entry but the Node ES build's (decision 0026). */
import { http } from 'msw'
import { provideMswHttp } from './msw-http.ts'

provideMswHttp(http)
