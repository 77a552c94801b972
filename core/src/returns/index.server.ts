// Returns and exchanges (server), one module per use case: the customer's request, the admin's
// review, receiving, the refund through the payment port and its webhook confirmation, an
// exchange's replacement, and the documents (the return slip, the credit note and the refund
// e-mail).
export type { CreditNoteData, DocumentLine, ReturnSlipData } from "./documents.ts";
export * from "./events.ts";
export * from "./fit.server.ts";
export * from "./notices.server.ts";
export * from "./reading.server.ts";
export * from "./receive.server.ts";
export * from "./refund.server.ts";
export * from "./request.server.ts";
export * from "./review.server.ts";
export * from "./rules.ts";
export * from "./schemas.ts";
