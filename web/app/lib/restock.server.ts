// "Notify me" on a product page (docs/product.md §2 "Product page"): the address and the
// sold-out colour and size, checked with core's schema, recorded by core (one request per
// address, product and variant). Signed in or not: the address is the shopper's to give.
import { data } from "@remix-run/server-runtime";
import { type SizeTag, variantName } from "@shop/core/catalog";
import { RESTOCK_REQUESTED, RestockRequestSchema } from "@shop/core/inventory";
import { getContext } from "@shop/core/server/context";
import { requestRestockNotice } from "@shop/core/server/inventory";
import { refuseForm, refuseWithDomainError } from "./form.server";
import { parseSubmission } from "./forms";
import { NO_STORE } from "./http";

/** Marks the product page's answers that belong to the "Notify me" form. */
export const NOTIFY_ME = { intent: "notify-me" } as const;

export async function requestRestock(
  form: FormData,
  product: {
    id: string;
    name: string;
    slug: string;
    sizes: readonly SizeTag[];
    colourways: ReadonlyArray<{ colour: { id: string } }>;
  },
) {
  const submission = parseSubmission(form, RestockRequestSchema);
  if (submission.status !== "success") return refuseForm(submission, 400, {}, NOTIFY_ME);
  try {
    await requestRestockNotice(
      getContext(),
      {
        ...product,
        colours: product.colourways.map((colourway) => colourway.colour.id),
        variantName,
      },
      submission.value,
    );
  } catch (error) {
    return refuseWithDomainError(submission, error, "size", NOTIFY_ME);
  }
  return data(
    { ...NOTIFY_ME, notified: RESTOCK_REQUESTED },
    { headers: { "Cache-Control": NO_STORE } },
  );
}
