// Returns and exchanges (server): requests, the admin's moves, refunds through the payment port
// and their webhook confirmation, the return slip and the credit note.
export type { CreditNoteData, DocumentLine, ReturnSlipData } from "./documents.ts";
export * from "./events.ts";
export * from "./fit.server.ts";
export * from "./notices.server.ts";
export * from "./returns.server.ts";
export * from "./rules.ts";
export * from "./schemas.ts";
