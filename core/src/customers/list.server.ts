// The admin's customers list (docs/product.md §10 "Customers"): every account newest first, from
// the gsi1 partition CUSTOMERS that sign-up writes on the user item (core/src/db/keys.ts
// customerIndex); never a Scan.
//
// Search. A whole e-mail address is looked up exactly through its claim (2 GetItems). Any other
// text (part of a name or an address, "garcia", "@example.org") is matched here, accent- and
// case-insensitively, against the index's pages read newest first. Its cost: every account
// examined is read whole (the index projects ALL: ~0.5 KB with its password hash), about one
// read unit per 16 accounts, so 10,000 accounts cost ~625 units (~0.02 cents on demand) for a
// search that reads them all; one that matches little reads further per page asked. That is
// what a shop of thousands of customers wants: any word of a name or an address is found, and no
// second index entry has to be kept in step with every name and e-mail change. A prefix key on the lower-cased e-mail would make e-mail searches cheaper, but would
// find neither names nor the middle of an address, and a whole address is already exact via its
// claim. A request examines at most SEARCH_MAX_EXAMINED accounts, then offers the next page, so
// no request's cost grows with the shop. Far beyond that (hundreds of thousands of accounts),
// the stream would feed a search service instead.
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { customerIndex, emailKey, userKey } from "../db/keys.ts";
import { queryIndexPage } from "../db/query.server.ts";
import { type CustomerSummary, customerMatches, isWholeEmail, searchTerms } from "./customers.ts";

export const CUSTOMERS_PAGE_SIZE = 20;
/** Accounts read per Query while searching (projected: a few KB), and at most per request. */
const SEARCH_PAGE = 200;
export const SEARCH_MAX_EXAMINED = 2000;

export interface CustomerPage {
  customers: CustomerSummary[];
  /** Opaque; pass it back for the next page. Absent on the last page. */
  cursor?: string;
}

export interface ListCustomersOptions {
  /** From the URL, already checked by CustomerSearchSchema. */
  q?: string;
  /** From the URL: untrusted. */
  cursor?: string;
  limit?: number;
}

const PROJECTION = "pk, sk, gsi1pk, gsi1sk, id, firstName, lastName, email, createdAt, isAdmin";
const INDEX_PK = customerIndex("", "").gsi1pk;

const toSummary = (item: Record<string, unknown>): CustomerSummary => ({
  id: String(item.id),
  firstName: String(item.firstName ?? ""),
  lastName: String(item.lastName ?? ""),
  email: String(item.email ?? ""),
  createdAt: String(item.createdAt ?? ""),
  isAdmin: item.isAdmin === true,
});

/** Accounts newest first, `limit` a page, optionally matching the search `q`. */
export async function listCustomers(
  ctx: Context,
  options: ListCustomersOptions = {},
): Promise<CustomerPage> {
  const limit = Math.min(100, Math.max(1, Math.floor(options.limit ?? CUSTOMERS_PAGE_SIZE)));
  const q = options.q?.trim() ?? "";
  let startKey = decodeCursor(options.cursor);
  if (q !== "" && isWholeEmail(q)) {
    const found = await customerByEmail(ctx, q);
    return { customers: found ? [found] : [] };
  }
  const terms = searchTerms(q);
  const searching = terms.length > 0;
  const found: Record<string, unknown>[] = [];
  let examined = 0;
  do {
    const page = await queryIndexPage(ctx, INDEX_PK, {
      ProjectionExpression: PROJECTION,
      ScanIndexForward: false,
      // One more than a page tells whether there is a next one.
      Limit: searching ? SEARCH_PAGE : limit + 1 - found.length,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    });
    const items = page.Items ?? [];
    examined += items.length;
    for (const item of items) {
      if (!searching || customerMatches(toSummary(item), terms)) found.push(item);
      if (found.length > limit) {
        // A next page exists: it starts after the last one shown.
        const shown = found.slice(0, limit);
        return { customers: shown.map(toSummary), cursor: encodeCursor(shown.at(-1)) };
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey && (!searching || examined < SEARCH_MAX_EXAMINED));
  // Stopped by the bound on a search: the rest of the index is the next page.
  return startKey
    ? { customers: found.map(toSummary), cursor: encodeCursor(startKey) }
    : { customers: found.map(toSummary) };
}

/** The account with this whole e-mail address, via its claim; or null. */
async function customerByEmail(ctx: Context, email: string): Promise<CustomerSummary | null> {
  const { Item: claim } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: emailKey(email) }),
  );
  if (typeof claim?.userId !== "string") return null;
  const { Item } = await ctx.db.send(
    new GetCommand({
      TableName: ctx.tableName,
      Key: userKey(claim.userId),
      ProjectionExpression: PROJECTION,
    }),
  );
  return Item ? toSummary(Item) : null;
}

const CURSOR_KEYS = ["pk", "sk", "gsi1pk", "gsi1sk"] as const;

function encodeCursor(item: Record<string, unknown> | undefined): string | undefined {
  if (!item) return undefined;
  const key = Object.fromEntries(CURSOR_KEYS.map((k) => [k, item[k]]));
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

export const INVALID_CURSOR = "Invalid page cursor";

/** A cursor comes from the URL: only a key of this index, made of strings, is accepted. */
function decodeCursor(cursor: string | undefined): Record<string, string> | undefined {
  if (cursor === undefined || cursor === "") return undefined;
  try {
    if (cursor.length > 1000 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error();
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    const ok =
      typeof value === "object" &&
      value !== null &&
      Object.keys(value).length === CURSOR_KEYS.length &&
      CURSOR_KEYS.every((k) => typeof value[k] === "string") &&
      value.gsi1pk === INDEX_PK;
    if (!ok) throw new Error();
    return value as Record<string, string>;
  } catch {
    throw new DomainError(INVALID_CURSOR, "cursor");
  }
}
