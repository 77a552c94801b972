// Back-in-stock notices (docs/product.md §9 "Stock"): a shopper leaves an address on a sold-out
// variant, a colour in a size (one request per address, product and variant: asking again changes
// nothing); when that variant has units again, every waiting address gets one e-mail through the mail queue and its request
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
import { COLOUR_NOT_OFFERED, SIZE_IN_STOCK, SIZE_NOT_OFFERED } from "./schemas.ts";
import { getStock, getStocks, type StockChanged } from "./stock.server.ts";
import { variantKey } from "./stock.ts";

/** What the request needs to know of the product (the caller has it from the catalogue). */
export interface RestockProduct {
  id: string;
  name: string;
  slug: string;
  /** Its colourways' colours (palette ids), the first being the default. */
  colours: readonly string[];
  sizes: readonly string[];
  /** How a mail names a variant: "Navy, Medium" (../catalog/variants.ts variantName). */
  variantName: (colour: string, size: string) => string;
}

/**
 * Records the request for a colour (the first colourway's when none is given) in a size; a repeat
 * is harmless. Refused when the variant is not offered, or is in stock.
 */
export async function requestRestockNotice(
  ctx: Context,
  product: RestockProduct,
  request: { colour?: string | undefined; size: string; email: string },
  now = new Date(),
): Promise<void> {
  const colour = request.colour ?? product.colours[0];
  if (!colour || !product.colours.includes(colour)) {
    throw new DomainError(COLOUR_NOT_OFFERED, "colour");
  }
  if (!product.sizes.includes(request.size)) throw new DomainError(SIZE_NOT_OFFERED, "size");
  const variant = variantKey(colour, request.size);
  if (((await getStock(ctx, product.id))[variant] ?? 0) > 0) {
    throw new DomainError(SIZE_IN_STOCK, "size", 409);
  }
  const email = request.email.trim().toLowerCase();
  try {
    await transact(ctx, [
      {
        Put: {
          TableName: ctx.tableName,
          Item: {
            ...restockRequestKey(product.id, variant, email),
            entity: "restockRequest",
            productId: product.id,
            productName: product.name,
            slug: product.slug,
            variant,
            colour,
            size: request.size,
            sizeName: product.variantName(colour, request.size),
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
  /** The variant's key; absent on requests made before colourways (a size of any colour). */
  variant?: string;
  colour?: string;
  size: string;
  /** The variant as the mail names it: "Navy, Medium" (the size alone on older requests). */
  sizeName: string;
  email: string;
}

/** The addresses waiting for one variant (its key) of a product, or for any of its variants. */
export async function waitingFor(
  ctx: Context,
  productId: string,
  variant?: string,
): Promise<StoredRequest[]> {
  const { pk, sk } = restockRequestKey(productId, variant ?? "", "");
  const prefix = variant === undefined ? sk.replace(/#+$/, "#") : sk;
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

/** Whether a request's variant has units: an older request (a size alone) any colour of it. */
function backInStock(request: StoredRequest, counts: Readonly<Record<string, number>>): boolean {
  if (request.variant) return (counts[request.variant] ?? 0) > 0;
  return Object.entries(counts).some(
    ([key, units]) => (key === request.size || key.endsWith(`/${request.size}`)) && units > 0,
  );
}

/**
 * Reaction to `stock.changed`: for every variant of those products that has units now, mails each
 * waiting address once and clears its request. Returns how many were mailed.
 */
export async function notifyRestocked(ctx: Context, event: DomainEvent): Promise<number> {
  const { productIds } = event.payload as unknown as StockChanged;
  const stocks = await getStocks(ctx, productIds ?? []);
  let mailed = 0;
  for (const [productId, counts] of stocks) {
    // One Query per product (most products have nobody waiting), then the variants with units.
    for (const request of await waitingFor(ctx, productId)) {
      if (backInStock(request, counts) && (await notifyOnce(ctx, request))) mailed++;
    }
  }
  return mailed;
}

async function notifyOnce(ctx: Context, request: StoredRequest): Promise<boolean> {
  const mail = await renderMail("back-in-stock", {
    productName: request.productName,
    size: request.sizeName,
    productUrl: `${ctx.config.appUrl}/product/${request.slug}?${new URLSearchParams({
      ...(request.colour ? { colour: request.colour } : {}),
      size: request.size,
    })}`,
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
