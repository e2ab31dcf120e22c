/**
 * A HAR file (HTTP Archive 1.1 or 1.2), as far as turning it into a scenario reads it (docs/har-import.md).
 * Every tool adds fields of its own (`_initiator`, `pages`, `timings`…): they are allowed and left aside.
 */
import * as z from 'zod/mini'

const NameValue = z.looseObject({ name: z.string(), value: z.string() })

const Url = z.string().check(
  z.refine(
    (text) => {
      try {
        new URL(text)
        return true
      } catch {
        return false
      }
    },
    { error: 'not a URL' },
  ),
)

const HarRequest = z.looseObject({
  method: z.string().check(z.minLength(1)),
  url: Url.clone().register(z.globalRegistry, { format: 'uri' }),
  headers: z.array(NameValue),
  postData: z.optional(
    z.looseObject({
      mimeType: z.optional(z.string()),
      text: z.optional(z.string()),
      encoding: z.optional(z.string()),
      // Charles and form posts: the body as name/value pairs, with or without `text`.
      params: z.optional(z.array(z.looseObject({ name: z.string(), value: z.optional(z.string()) }))),
    }),
  ),
  bodySize: z.optional(z.number()),
})

const HarResponse = z.looseObject({
  status: z.int().check(z.gte(0), z.lte(999)),
  headers: z.optional(z.array(NameValue)),
  content: z.looseObject({
    mimeType: z.optional(z.string()),
    text: z.optional(z.string()),
    encoding: z.optional(z.string()),
    // Playwright's recordHar with content: 'attach': the body is a file beside the HAR.
    _file: z.optional(z.string()),
  }),
})

const HarEntry = z.lazy(() =>
  z
    .looseObject({
      startedDateTime: z.optional(z.string()),
      request: HarRequest,
      response: HarResponse,
      // This simulator's export (journal.toHar): the wallet the masked Bearer token stood for.
      _caller: z.optional(z.nullable(z.string())),
    })
    .register(z.globalRegistry, {
      id: 'SimHarFileEntry',
      description: 'one request and its answer, as a HAR file to import holds it',
    }),
)
export type HarEntry = z.infer<typeof HarEntry>

/** The smallest HAR worth converting: one read of the API and its answer. */
const EXAMPLE = {
  log: {
    version: '1.2',
    creator: { name: 'WebInspector', version: '537.36' },
    entries: [
      {
        startedDateTime: '2026-03-01T10:00:00.000Z',
        request: {
          method: 'GET',
          url: 'https://api.example.com/securityToken',
          headers: [{ name: 'Authorization', value: 'Bearer qa-token' }],
        },
        response: { status: 200, content: { mimeType: 'application/json', text: '[]' } },
      },
    ],
  },
}

export const Har = z.lazy(() =>
  z
    .looseObject({
      log: z
        .looseObject({
          version: z.optional(
            z.string().check(z.regex(/^1\.\d+$/, { error: 'not a HAR version this reads (1.1 or 1.2)' })),
          ),
          creator: z.optional(z.looseObject({ name: z.string(), version: z.optional(z.string()) })),
          entries: z.array(HarEntry),
        })
        .register(z.globalRegistry, {
          id: 'SimHarLog',
          description: 'the HAR\'s "log": its version, the tool that wrote it, its entries',
        }),
    })
    .register(z.globalRegistry, {
      id: 'SimHarFile',
      description:
        'A HAR file (HTTP Archive 1.1 or 1.2) as a browser\'s Network panel ("Save all as HAR"), Playwright\'s recordHar, Charles or mitmproxy write it; their own fields are allowed',
      examples: [EXAMPLE],
    }),
)
export type Har = z.infer<typeof Har>
