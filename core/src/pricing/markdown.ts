// Markdowns (docs/product.md §9 "Promotions: kinds, conditions and how they combine"): a
// product's sale price, shown against its regular price struck through ("compare at"), from a
// start to an end. Pure: the catalogue card, the product page, the cart and the checkout price a
// product with `shownPrice`, and the edge purges the pages at `nextPriceChange`.
import * as v from "valibot";
import { dateWindow } from "../common/date-window.ts";

export interface Markdown {
  saleCents: number;
  /** A day in the shop's time zone or an instant; none = from now on. */
  startsAt?: string;
  /** A day (through its end) or an instant; none = until the admin removes it. */
  endsAt?: string;
}

export interface ShownPrice {
  /** What the product costs now. */
  priceCents: number;
  /** The regular price, struck through, while on sale. */
  compareAtCents?: number;
  /** Whole percent off, rounded down ("−33%"), while on sale. */
  percentOff?: number;
}

/** The product's price at `now`: the sale price within its dates, else the regular price. */
export function shownPrice(
  product: { priceCents: number; markdown?: Markdown },
  now: Date,
  timeZone: string,
): ShownPrice {
  const { markdown, priceCents } = product;
  if (!markdown || markdown.saleCents >= priceCents) return { priceCents };
  if (dateWindow(markdown, now, timeZone) !== undefined) return { priceCents };
  return {
    priceCents: markdown.saleCents,
    compareAtCents: priceCents,
    percentOff: Math.floor(((priceCents - markdown.saleCents) * 100) / priceCents),
  };
}

/**
 * Whether the price shown changed between `since` and `now` (a sale started or ended): the edge
 * purges the product's pages then (core/src/edge-cache/markdowns.server.ts). Runs far closer
 * together than a day, so no sale can start and end between them unseen.
 */
export function priceChangedBetween(
  product: { priceCents: number; markdown?: Markdown },
  since: Date,
  now: Date,
  timeZone: string,
): boolean {
  if (!product.markdown) return false;
  const before = shownPrice(product, since, timeZone);
  const after = shownPrice(product, now, timeZone);
  return before.priceCents !== after.priceCents || before.compareAtCents !== after.compareAtCents;
}

/** Euros as typed to cents; undefined when empty, NaN when not euros. */
function euros(text: string): number | undefined {
  if (text === "") return undefined;
  const match = /^([0-9]{1,7})(?:[.,]([0-9]{1,2}))?$/.exec(text);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDayOrEmpty = (text: string) => {
  if (text === "") return true;
  const date = new Date(`${text}T00:00:00Z`);
  return (
    DAY.test(text) && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text
  );
};

const field = (message: string) => v.pipe(v.nullish(v.string(message), ""), v.trim());

/**
 * The product form's sale fields, checked against the product's regular price: a sale price
 * under it, dates in order. All empty: no sale. Errors name the form's fields.
 */
export function markdownFormSchema(regularPriceCents: number) {
  return v.pipe(
    v.object({
      salePrice: field("Sale price must be text"),
      saleStartsAt: v.pipe(
        field("Enter a valid date (YYYY-MM-DD)"),
        v.check(isDayOrEmpty, "Enter a valid date (YYYY-MM-DD)"),
      ),
      saleEndsAt: v.pipe(
        field("Enter a valid date (YYYY-MM-DD)"),
        v.check(isDayOrEmpty, "Enter a valid date (YYYY-MM-DD)"),
      ),
    }),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const input = dataset.value;
      const fail = (key: string, message: string) => {
        addIssue({
          message,
          path: [{ type: "object", origin: "value", input, key, value: undefined }],
        });
        return NEVER;
      };
      const saleCents = euros(input.salePrice);
      if (saleCents === undefined) {
        if (input.saleStartsAt || input.saleEndsAt)
          return fail("salePrice", "Sale price is required for sale dates");
        return undefined;
      }
      if (Number.isNaN(saleCents) || saleCents < 1) {
        return fail("salePrice", "Sale price must be in euros, e.g. 59 or 59.90");
      }
      if (saleCents >= regularPriceCents) {
        return fail("salePrice", "Sale price must be below the regular price");
      }
      if (input.saleStartsAt && input.saleEndsAt && input.saleEndsAt < input.saleStartsAt) {
        return fail("saleEndsAt", "The sale must not end before it starts");
      }
      const markdown: Markdown = {
        saleCents,
        ...(input.saleStartsAt ? { startsAt: input.saleStartsAt } : {}),
        ...(input.saleEndsAt ? { endsAt: input.saleEndsAt } : {}),
      };
      return markdown;
    }),
  );
}
