// The checkout's action (docs/product.md §4 "Checkout flow"): it reads the request and hands it
// to core's checkout use case (core/src/orders/checkout.server.ts); the route renders.
import { type ActionFunctionArgs, data } from "@remix-run/node";
import { isDependencyUnavailable } from "@shop/core/common";
import type { CheckoutAnswer } from "@shop/core/orders";
import { PAYMENT_UNEXPECTED_ERROR, PLACEMENT_FIELD } from "@shop/core/payments";
import { isDomainError } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import { checkout, quoteAtCheckout, type Shopper } from "@shop/core/server/orders";
import { confirmationPath, ORDER_CONFIRMED_TOAST } from "./checkout";
import { readForm } from "./form.server";
import { NO_STORE } from "./http";
import { abuseLimits, assertSameOrigin, clientAddress } from "./security.server";
import { requireUser } from "./session.server";
import { redirectWithToast } from "./toast.server";

const ADDRESS_FIELDS = [
  "company",
  "address",
  "apartment",
  "country",
  "city",
  "zipCode",
  "phone",
] as const;

/**
 * intent=quote: the server's prices for the cart as sent (a code that cannot be used is reported
 * on "code", the cart priced without it); intent=place: core's checkout, answered with the
 * payment to confirm (Stripe) or a redirect to the confirmation (paid with the local gateway).
 * Refusals come back as field errors with their status; nothing is stored.
 */
export async function checkoutAction({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request, { expired: true });
  const form = await readForm(request);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  // Quotes, wrong codes and orders are limited per account and per client address.
  const who: Shopper = { userId: user.id, clientAddress: clientAddress(request, context) };
  const ctx = getContext();
  const intent = form.get("intent");
  try {
    if (intent === "quote") {
      const { quote, codeError } = await quoteAtCheckout(ctx, who, abuseLimits(), {
        lines: form.get("lines"),
        deliveryMethod: form.get("deliveryMethod"),
        code: text("code") ?? "",
      });
      return codeError
        ? answer({ quote, fieldErrors: { code: codeError.message } }, codeError.status)
        : answer({ quote });
    }
    if (intent !== "place") return answer({ fieldErrors: { intent: "Unknown action" } }, 400);
    const outcome = await checkout(ctx, who, abuseLimits(), {
      userId: user.id,
      email: user.email,
      lines: form.get("lines"),
      address: Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, form.get(name)])),
      deliveryMethod: form.get("deliveryMethod"),
      promotionCode: text("code") ?? null,
      placementKey: text(PLACEMENT_FIELD),
      card: { cardNumber: text("cardNumber"), expiry: text("expiry"), cvc: text("cvc") },
    });
    if (outcome.status === "confirm") return answer({ payment: outcome });
    return redirectWithToast(confirmationPath(outcome.orderId), ORDER_CONFIRMED_TOAST);
  } catch (error) {
    if (isDomainError(error)) {
      return answer({ fieldErrors: { [error.field ?? "form"]: error.message } }, error.status);
    }
    // A dependency that did not answer: keepsInput answers 503 with what happened.
    if (isDependencyUnavailable(error)) throw error;
    console.error("checkout failed", error);
    return answer({ fieldErrors: { form: PAYMENT_UNEXPECTED_ERROR } }, 500);
  }
}

const answer = (body: CheckoutAnswer, status = 200) =>
  data(body, { status, headers: { "Cache-Control": NO_STORE } });
