// Back-in-stock notices (docs/product.md §9 "Stock"): a shopper leaves an address on a sold-out
// size (one request per address, product and size: asking again changes nothing); when that size
// has units again, every waiting address gets one e-mail through the mail queue and its request
// is cleared — each in one transaction that deletes the request under the condition that it is
// still there, so a `stock.changed` event delivered twice mails nobody twice. The request keeps
// the product's name and page, so the notice needs nothing from the catalogue.
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { restockRequestKey } from "../db/keys.ts";
import { TransactionCancelled, transact } from "../db/transact.server.ts";
import type { DomainEvent } from "../events/events.server.ts";
import { mailRequest } from "../mail/queue.server.ts";
import { renderMail } from "../mail/render.server.ts";
import { SIZE_IN_STOCK, SIZE_NOT_OFFERED } from "./schemas.ts";
import { getStock, getStocks, type StockChanged } from "./stock.server.ts";

/** What the request needs to know of the product (the caller has it from the catalogue). */
export interface RestockProduct {
  id: string;
  name: string;
  slug: string;
  sizes: ReadonlyArray<{ tag: string; name: string }>;
}

/** Records the request; a repeat is harmless. Refused when the size is offered and in stock. */
export async function requestRestockNotice(
  ctx: Context,
  product: RestockProduct,
  request: { size: string; email: string },
  now = new Date(),
): Promise<void> {
  const size = product.sizes.find((s) => s.tag === request.size);
  if (!size) throw new DomainError(SIZE_NOT_OFFERED, "size");
  if (((await getStock(ctx, product.id))[size.tag] ?? 0) > 0) {
    throw new DomainError(SIZE_IN_STOCK, "size", 409);
  }
  const email = request.email.trim().toLowerCase();
  try {
    await transact(ctx, [
      {
        Put: {
          TableName: ctx.tableName,
          Item: {
            ...restockRequestKey(product.id, size.tag, email),
            entity: "restockRequest",
            productId: product.id,
            productName: product.name,
            slug: product.slug,
            size: size.tag,
            sizeName: size.name,
            email,
            requestedAt: now.toISOString(),
          },
          ConditionExpression: "attribute_not_exists(pk)",
        },
      },
    ]);
  } catch (error) {
    if (!(error instanceof TransactionCancelled && error.failedAt(0))) throw error;
  }
}

interface StoredRequest {
  pk: string;
  sk: string;
  productId: string;
  productName: string;
  slug: string;
  size: string;
  sizeName: string;
  email: string;
}

/** The addresses waiting for one size of a product, or for any of its sizes. */
export async function waitingFor(
  ctx: Context,
  productId: string,
  size?: string,
): Promise<StoredRequest[]> {
  const { pk, sk } = restockRequestKey(productId, size ?? "", "");
  const prefix = size === undefined ? sk.replace(/#+$/, "#") : sk;
  const waiting: StoredRequest[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await ctx.db.send(
      new QueryCommand({
        TableName: ctx.tableName,
        KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
        ExpressionAttributeValues: { ":pk": pk, ":sk": prefix },
        ConsistentRead: true,
        ExclusiveStartKey: cursor,
      }),
    );
    waiting.push(...((page.Items ?? []) as StoredRequest[]));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return waiting;
}

/**
 * Reaction to `stock.changed`: for every size of those products that has units now, mails each
 * waiting address once and clears its request. Returns how many were mailed.
 */
export async function notifyRestocked(ctx: Context, event: DomainEvent): Promise<number> {
  const { productIds } = event.payload as unknown as StockChanged;
  const stocks = await getStocks(ctx, productIds ?? []);
  let mailed = 0;
  for (const [productId, counts] of stocks) {
    // One Query per product (most products have nobody waiting), then the sizes with units.
    for (const request of await waitingFor(ctx, productId)) {
      if ((counts[request.size] ?? 0) > 0 && (await notifyOnce(ctx, request))) mailed++;
    }
  }
  return mailed;
}

async function notifyOnce(ctx: Context, request: StoredRequest): Promise<boolean> {
  const mail = await renderMail("back-in-stock", {
    productName: request.productName,
    size: request.sizeName,
    productUrl: `${ctx.config.appUrl}/product/${request.slug}?size=${encodeURIComponent(request.size)}`,
  });
  try {
    await transact(ctx, [
      {
        Delete: {
          TableName: ctx.tableName,
          Key: { pk: request.pk, sk: request.sk },
          ConditionExpression: "attribute_exists(pk)",
        },
      },
      mailRequest(ctx, { to: request.email, ...mail }),
    ]);
    return true;
  } catch (error) {
    // Another delivery of the same event mailed it first.
    if (error instanceof TransactionCancelled && error.failedAt(0)) return false;
    throw error;
  }
}
