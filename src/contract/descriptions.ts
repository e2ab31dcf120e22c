/** The prose no single route owns: the OpenAPI document's introduction and its tags' descriptions. */
import { CONTROL_GROUP } from './control-route.ts'
import type { OperationGroup } from './operation.ts'

const GROUP_DESCRIPTIONS: Readonly<Record<OperationGroup, string>> = {
  signatureContracts:
    'Signature contracts between a creditor and a debtor: the loan terms from which the installment schedule and the debt token follow.',
  users: "The platform's users: account, personal data and residential address.",
  managerPayments: "Payments recorded by a security token's manager, by manager and security token.",
  investorPayments: 'Payments to an investor in a security token, by investor and security token.',
  debtTokens:
    'Debt tokens, each the receivable of a signature contract with its parcels, read by security token, debtor or creditor. Every query answers an array, empty when nothing matches.',
  securityTokens:
    'Security tokens: the securities, with their series, that debt tokens back and investors buy on the marketplace.',
}

const CONTROL_DESCRIPTION =
  'The control API: routes under `/__sim` that act on the simulator itself (its clock, data, scenarios, sessions and journal), not on the simulated service. They need no Bearer token. The standalone server answers them for clients that send no `Origin` (curl, test suites), for loopback origins and for the origins given with `--control-origin`, and refuses other origins with 403; while it listens on a loopback address, it also refuses a `Host` that is not `localhost`, `127.0.0.1` or `[::1]`. Their `POST` and `PUT` requests must send `Content-Type: application/json` (else 415), except a request without a body from a client that is not a browser (no `Origin` or `Sec-Fetch-Site` header, which browsers send with every write): `POST /__sim/reset` with no body at all is accepted from curl or a generated client. A method a path does not take answers 405 before any 415. Routes with the `X-Sim-Session` header act on that session only.'

export const TAG_DESCRIPTIONS: Readonly<Record<OperationGroup | typeof CONTROL_GROUP, string>> = {
  ...GROUP_DESCRIPTIONS,
  [CONTROL_GROUP]: CONTROL_DESCRIPTION,
}

/** The paragraphs of the document's introduction; docs/api.md shows them too. */
export const API_PARAGRAPHS = {
  source:
    "Generated from the simulator's contract (the zod schemas its requests are validated with and the operation table its handlers are built from), so it says what the simulator does.",
  authentication:
    '**Authentication.** Every operation of the simulated API requires `Authorization: Bearer <token>`; any well-formed token is accepted and names the caller. The control routes (tag `control`) need none.',
  errors:
    '**Errors** answer `{statusCode, error, message}` (the `Error` schema), `statusCode` being the status as a string; the message names every field that is wrong. Each operation lists the statuses it can answer and why.',
  unmatched:
    "**Before any operation is matched**, the standalone server answers a path no operation has with 404, a method a path's operations do not take with 405 and an `Allow` header, `HEAD` as its `GET` without the body, `OPTIONS` as a CORS preflight (204), a request target over 8,192 characters with 414, request headers over 16 KB with 431, and a client too slow to send its headers with 408. In-process, msw's `onUnhandledRequest` decides what such requests get.",
  scenarios:
    '**Scenarios** (`X-Sim-Scenario: <name>`, or `PUT /__sim/scenario`) stand for the backend failing: while one is active, an operation its rules name may also answer any 4xx or 5xx (400 to 599) in the same error shape, answer late, or drop the connection, whatever the request. Answers a scenario applied to carry `X-Sim-Scenario`. Outside scenarios the only 5xx is the 507 of a full world: a create (any `POST`) past the capacity of written records.',
  sessions:
    '**Sessions** (`X-Sim-Session: <id>`): requests naming a session run against its own copy of the seeded world, created on first use (see the `control` tag).',
}

export const API_DESCRIPTION = Object.values(API_PARAGRAPHS).join('\n\n')
