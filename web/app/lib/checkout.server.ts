// The checkout's action (docs/product.md §4 "Checkout flow"): it reads the request and hands it
// to core's checkout use case (core/src/checkout/checkout.server.ts); the route renders.
import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/server-runtime";
import { CheckoutSchema, checkoutWithCardSchema } from "@shop/core/checkout";
import { addressOf, isDependencyUnavailable } from "@shop/core/common";
import {
  checkoutPaymentMode,
  PAYMENT_UNEXPECTED_ERROR,
  PLACEMENT_FIELD,
} from "@shop/core/payments";
import { isDomainError, type SavedAddress } from "@shop/core/server/accounts";
import { checkout, quoteAtCheckout, type Shopper } from "@shop/core/server/checkout";
import { CHARGE_BUDGET_MS, getContext, withDeadline } from "@shop/core/server/context";
import { confirmationPath, ORDER_CONFIRMED_TOAST, type QuoteAnswer } from "./checkout";
import { readForm, refuseForm, refuseWithDomainError } from "./form.server";
import { parseSubmission } from "./forms";
import { NO_STORE } from "./http";
import { logError } from "./observability.server";
import { abuseLimits, assertSameOrigin, clientAddress } from "./security.server";
import { requireUser } from "./session.server";
import { redirectWithToast } from "./toast.server";

/** A saved address as the checkout's form takes it (empty text for the optional fields). */
export function checkoutAddress({
  id,
  company,
  address,
  apartment,
  country,
  city,
  zipCode,
  phone,
}: SavedAddress) {
  return {
    id,
    company: company ?? "",
    address,
    apartment: apartment ?? "",
    country,
    city,
    zipCode,
    phone,
  };
}

/**
 * intent=quote: the server's prices for the cart as sent (a code that cannot be used is reported
 * on "code", the cart priced without it); intent=place: the form checked with the page's schema,
 * then core's checkout, answered with the payment to confirm (Stripe) or a redirect to the
 * confirmation (paid with the local gateway). A refused order is Conform's reply (`result`: the
 * message on its field — a line of the cart on "cart", the code on "code" — or on the form) with
 * its status; nothing is stored.
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
  if (intent === "quote") {
    try {
      const { quote, codeError } = await quoteAtCheckout(ctx, who, abuseLimits(), {
        lines: form.get("lines"),
        deliveryMethod: form.get("deliveryMethod"),
        code: text("code") ?? "",
      });
      return codeError
        ? quoted({ quote, fieldErrors: { code: codeError.message } }, codeError.status)
        : quoted({ quote });
    } catch (error) {
      if (isDomainError(error)) {
        return quoted({ fieldErrors: { [error.field ?? "form"]: error.message } }, error.status);
      }
      if (isDependencyUnavailable(error)) throw error;
      logError("checkout quote failed", error);
      return quoted({ fieldErrors: { form: PAYMENT_UNEXPECTED_ERROR } }, 500);
    }
  }
  if (intent !== "place") return refuseForm(form, 400, { formErrors: ["Unknown action"] });
  const local = checkoutPaymentMode(ctx.config).gateway === "local";
  const submission = parseSubmission(form, local ? checkoutWithCardSchema() : CheckoutSchema);
  if (submission.status !== "success") return refuseForm(submission, 400);
  // core gets the checked values (docs/decisions/015-forms.md), not the form again.
  const checked = submission.value;
  try {
    // "Confirm order" has the charge budget, counted from the request's start: a busy table or
    // Stripe's 429 is asked again within it (core/src/context/busy.server.ts).
    const outcome = await withDeadline(CHARGE_BUDGET_MS, () =>
      checkout(ctx, who, abuseLimits(), {
        userId: user.id,
        email: user.email,
        lines: form.get("lines"),
        address: addressOf(checked),
        deliveryMethod: checked.deliveryMethod,
        promotionCode: text("code") ?? null,
        placementKey: text(PLACEMENT_FIELD),
        ...("cardNumber" in checked
          ? { card: { cardNumber: checked.cardNumber, expiry: checked.expiry, cvc: checked.cvc } }
          : {}),
      }),
    );
    if (outcome.status === "confirm") {
      return data({ payment: outcome }, { headers: { "Cache-Control": NO_STORE } });
    }
    return redirectWithToast(confirmationPath(outcome.orderId), ORDER_CONFIRMED_TOAST);
  } catch (error) {
    if (isDomainError(error)) return refuseWithDomainError(submission, error, null);
    // A dependency that did not answer: keepsInput answers 503 with what happened.
    if (isDependencyUnavailable(error)) throw error;
    logError("checkout failed", error);
    return refuseForm(submission, 500, { formErrors: [PAYMENT_UNEXPECTED_ERROR] });
  }
}

const quoted = (body: QuoteAnswer, status = 200) =>
  data(body, { status, headers: { "Cache-Control": NO_STORE } });
