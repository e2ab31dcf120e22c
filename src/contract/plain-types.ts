/**
 * The records and bodies of the API and of the control routes as plain TypeScript types, one name
 * per schema of the OpenAPI document (its `components.schemas`), so users type what they send and
 * read without zod: `import type { SecurityToken } from 'debt-token-simulator'`. They are aliases
 * of the generated api-types.ts; test/unit/public-types.test.ts checks each against its zod schema.
 * The error body is `ErrorBody` (the document's `Error`, a name that would shadow the global). A
 * record as read is `<Name>Record` in the document (`UserRecord`), so that no operation id is
 * `create`/`get` + a schema name (createManagerPayment): generators (Kubb) name a schema's mock
 * that way, and the two would collide in one barrel; here it keeps its short name (`User`).
 */
import type { components } from './api-types.ts'

type Schemas = components['schemas']

// The API: records as read, creation and update bodies, and what writes answer.
export type DebtToken = Schemas['DebtToken']
export type Parcel = Schemas['Parcel']
export type SecurityToken = Schemas['SecurityTokenRecord']
export type Series = Schemas['Series']
export type SecurityTokenInput = Schemas['SecurityTokenInput']
export type SeriesInput = Schemas['SeriesInput']
export type SecurityTokenCreated = Schemas['SecurityTokenCreated']
export type SecurityTokenUpdate = Schemas['SecurityTokenUpdate']
export type SecurityTokenUpdated = Schemas['SecurityTokenUpdated']
export type SecurityTokenDeleted = Schemas['SecurityTokenDeleted']
export type ManagerPayment = Schemas['ManagerPaymentRecord']
export type ManagerPaymentInput = Schemas['ManagerPaymentInput']
export type ManagerPaymentUpdated = Schemas['ManagerPaymentUpdated']
export type InvestorPayment = Schemas['InvestorPaymentRecord']
export type InvestorPaymentInput = Schemas['InvestorPaymentInput']
export type InvestorPaymentUpdated = Schemas['InvestorPaymentUpdated']
export type PaymentStored = Schemas['PaymentStored']
export type PaymentUpdate = Schemas['PaymentUpdate']
export type SignatureContract = Schemas['SignatureContractRecord']
export type SignatureContractInput = Schemas['SignatureContractInput']
export type SignatureContractCreated = Schemas['SignatureContractCreated']
export type User = Schemas['UserRecord']

// The control API under /__sim.
export type CoverageReport = Schemas['CoverageReport']
export type CoverageCause = Schemas['CoverageCause']
export type CoverageReadyStep = Schemas['CoverageReadyStep']
export type SimHar = Schemas['SimHar']
export type SimHarEntry = Schemas['SimHarEntry']
export type SimActivateScenario = Schemas['SimActivateScenario']
export type SimBuildScenarioFile = Schemas['SimBuildScenarioFile']
export type SimCheckScenario = Schemas['SimCheckScenario']
export type SimClock = Schemas['SimClock']
export type SimDebtTokenState = Schemas['SimDebtTokenState']
export type SimEvent = Schemas['SimEvent']
export type SimFactoryRecords = Schemas['SimFactoryRecords']
export type SimFactoryRequest = Schemas['SimFactoryRequest']
export type SimHarFile = Schemas['SimHarFile']
export type SimHarFileEntry = Schemas['SimHarFileEntry']
export type SimHarLog = Schemas['SimHarLog']
export type SimHealth = Schemas['SimHealth']
export type SimJournal = Schemas['SimJournal']
export type SimJournalEntry = Schemas['SimJournalEntry']
export type SimRecording = Schemas['SimRecording']
export type SimRecordLink = Schemas['SimRecordLink']
export type SimReplay = Schemas['SimReplay']
export type SimReplayReport = Schemas['SimReplayReport']
export type SimReplayStep = Schemas['SimReplayStep']
export type SimScenarioCatalog = Schemas['SimScenarioCatalog']
export type SimScenarioFile = Schemas['SimScenarioFile']
export type SimScenarioRule = Schemas['SimScenarioRule']
export type SimScenarioStatus = Schemas['SimScenarioStatus']
export type SimScenarioSummary = Schemas['SimScenarioSummary']
export type SimScenarioView = Schemas['SimScenarioView']
export type SimSession = Schemas['SimSession']
export type SimSessions = Schemas['SimSessions']
export type SimSetClock = Schemas['SimSetClock']
export type SimStartRecording = Schemas['SimStartRecording']
export type SimState = Schemas['SimState']
export type SimTableName = Schemas['SimTableName']
export type SimTablePage = Schemas['SimTablePage']
export type SimTableRecord = Schemas['SimTableRecord']
