// What follows a confirmed refund (the reaction to return.refunded, registered in
// ../reactions/reactions.server.ts, run by the order reactions): the credit note PDF is stored
// in the invoices bucket (the same key every time) and the refund e-mail is queued with it
// attached, once: the e-mail and a mark on the return in one transaction, under the condition
// that the mark is absent (the order confirmation's way: core/src/reactions/order-mails.server.ts).
import { ANONYMISED_EMAIL } from "../accounts/order-anonymisation.ts";
import { variantName } from "../catalog/variants.ts";
import { lazy } from "../common/lazy.ts";
import type { Context } from "../context/index.server.ts";
import { conditionalUpdate } from "../db/conditional.server.ts";
import { returnKey, userReturnsIndex } from "../db/keys.ts";
import { queryIndexPage } from "../db/query.server.ts";
import { TransactionCancelled, transact } from "../db/transact.server.ts";
import type { DomainEvent } from "../events/events.server.ts";
import { mailRequest } from "../mail/queue.server.ts";
import { renderMail } from "../mail/render.server.ts";
import { formatPrice } from "../pricing/money.ts";
import { putObject } from "../storage/index.server.ts";
import { documentLine } from "./document-lines.ts";
import type { CreditNoteData } from "./documents.ts";
import { getReturn, type Return } from "./reading.server.ts";
import { creditNoteNumber, RETURN_ADDRESS, returnReasonLabel } from "./rules.ts";

/**
 * The PDFs (pdf-lib) load on the first slip or credit note a process draws, not when the site or
 * a function starts (docs/decisions/022-lean-bundles.md).
 */
const documents = /* @__PURE__ */ lazy(() => import("./documents.ts"));

export const creditNoteKey = (rma: string) => `credit-notes/${rma}.pdf`;
export const creditNoteFileName = (number: string) => `credit-note-${number}.pdf`;

/** What the return's credit note shows. */
export function creditNoteData(r: Return): CreditNoteData {
  return {
    number: r.creditNoteNumber ?? creditNoteNumber(r.rma),
    rma: r.rma,
    orderNumber: r.orderNumber,
    issuedAt: r.refundedAt ?? r.updatedAt,
    email: r.email,
    lines: r.lines
      .map((l, i) => ({
        ...documentLine({ ...l, exchangeSize: undefined }),
        amountCents: r.refund.lineCents?.[i] ?? 0,
        exchange: Boolean(l.exchangeSize),
      }))
      .filter((l) => !l.exchange),
    shippingCents: r.refund.shippingCents,
    taxCents: r.refund.taxCents,
    totalCents: r.refund.totalCents,
  };
}

/** Builds the credit note and stores it (private, in the invoices bucket); returns its key. */
export async function storeCreditNote(
  ctx: Context,
  r: Return,
): Promise<{ key: string; pdf: Uint8Array }> {
  const data = creditNoteData(r);
  const pdf = await (await documents()).renderCreditNotePdf(data);
  const key = creditNoteKey(r.rma);
  await putObject(ctx, {
    Bucket: ctx.config.invoicesBucket,
    Key: key,
    Body: pdf,
    ContentType: "application/pdf",
    ContentDisposition: `attachment; filename="${creditNoteFileName(data.number)}"`,
  });
  return { key, pdf };
}

/** return.refunded → credit note in S3 → refund e-mail queued with it attached, once. */
export async function sendRefundNotice(ctx: Context, event: DomainEvent): Promise<void> {
  const rma = event.payload.rma;
  if (typeof rma !== "string") return;
  const r = await getReturn(ctx, rma);
  if (r?.state !== "refunded" || r.refundNoticeQueuedAt) return;
  const { key } = await storeCreditNote(ctx, r);
  // The account was deleted: the books keep the credit note, there is nobody to mail.
  if (r.email === ANONYMISED_EMAIL) return;
  const number = r.creditNoteNumber ?? creditNoteNumber(r.rma);
  const mail = await renderMail("return-refunded", {
    rma: r.rma,
    orderNumber: r.orderNumber,
    creditNoteNumber: number,
    amount: formatPrice(r.refund.totalCents),
    lines: r.lines
      .filter((l) => !l.exchangeSize)
      .map((l) => `${l.quantity} × ${l.name} (${variantName(l.colour, l.size)})`),
    ordersUrl: `${ctx.config.appUrl}/order`,
  });
  const now = new Date().toISOString();
  try {
    await transact(ctx, [
      {
        Update: {
          TableName: ctx.tableName,
          Key: returnKey(r.orderId, r.rma),
          UpdateExpression: "SET refundNoticeQueuedAt = :now, creditNoteKey = :key",
          ConditionExpression:
            "attribute_exists(pk) AND attribute_not_exists(refundNoticeQueuedAt)",
          ExpressionAttributeValues: { ":now": now, ":key": key },
        },
      },
      mailRequest(ctx, {
        to: r.email,
        ...mail,
        attachments: [
          {
            fileName: creditNoteFileName(number),
            contentType: "application/pdf",
            invoicesKey: key,
          },
        ],
      }),
    ]);
  } catch (error) {
    // Queued already by another delivery: nothing more to do.
    if (error instanceof TransactionCancelled && error.failedAt(0)) return;
    throw error;
  }
}

/** The printable return slip of a return (built on request; nothing stored). */
export async function returnSlipPdf(r: Return): Promise<Uint8Array> {
  return (await documents()).renderReturnSlipPdf({
    rma: r.rma,
    orderNumber: r.orderNumber,
    createdAt: r.createdAt,
    customer: r.email,
    reason: returnReasonLabel(r.reason),
    lines: r.lines.map(documentLine),
    returnAddress: RETURN_ADDRESS,
  });
}

/**
 * user.deleted → the account's returns keep their items and amounts, not the person's e-mail
 * (docs/decisions/008-account-deletion.md, as its orders). Idempotent: a return already
 * anonymised is left as it is.
 */
export async function anonymiseReturnsOfDeletedUser(
  ctx: Context,
  event: DomainEvent,
): Promise<void> {
  const userId = event.payload.userId;
  if (typeof userId !== "string" || userId === "") return;
  const at = new Date().toISOString();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await queryIndexPage(ctx, userReturnsIndex(userId).gsi1pk, {
      ProjectionExpression: "orderId, rma, anonymisedAt",
      ExclusiveStartKey: start,
    });
    for (const item of page.Items ?? []) {
      if (item.anonymisedAt) continue;
      await conditionalUpdate(ctx, {
        TableName: ctx.tableName,
        Key: returnKey(String(item.orderId), String(item.rma)),
        UpdateExpression: "SET email = :email, anonymisedAt = :at",
        ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(anonymisedAt)",
        ExpressionAttributeValues: { ":email": ANONYMISED_EMAIL, ":at": at },
      });
    }
    start = page.LastEvaluatedKey;
  } while (start);
}
