// The checkout (docs/spec.md §2 "/cart/checkout", §4 "Checkout flow", docs/design.md §4 and decisions 4–6, 9).
// The cart lives in this browser, so the page asks the server for prices (intent=quote:
// product ids, sizes, quantities, method and code only; quoteCheckout prices them from stored
// products) on every change. "Confirm order" (intent=place) writes the order with
// server-computed totals (placeOrder). With the local test gateway the server then confirms the
// card payment (confirmCardPayment). With Stripe (STRIPE_SECRET_KEY set) the page shows the
// Payment Element instead (StripePaymentSection, loaded lazily with the publishable key from
// this loader): intent=place answers with the PaymentIntent's client secret, the browser
// confirms the payment (stripe.confirmPayment, redirect only if required) and goes to
// /order/confirm-order, which waits for the webhook.
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  type ClientLoaderFunctionArgs,
  Form,
  type ShouldRevalidateFunction,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigate,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { lineKey, type SizeTag } from "@shop/core/cart";
import { checkoutUnavailableMessage, isDependencyUnavailable, parseForm } from "@shop/core/common";
import { CheckoutSchema } from "@shop/core/orders";
import {
  cardSchema,
  checkoutPaymentMode,
  PAYMENT_UNEXPECTED_ERROR,
  PLACEMENT_FIELD,
  parseCard,
  paymentReturnUrl,
  placementSignature,
} from "@shop/core/payments";
import {
  DEFAULT_DELIVERY_METHOD,
  type DeliveryMethodName,
  type PriceBreakdown,
} from "@shop/core/pricing";
import { DomainError, isDomainError, listAddresses } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import {
  CART_LINE_INVALID,
  type PricedCart,
  placeForShopper,
  quoteForShopper,
  type Shopper,
} from "@shop/core/server/orders";
import { confirmCardPayment } from "@shop/core/server/payments";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { type AddressValues, CheckoutAddress, EMPTY_ADDRESS } from "../components/CheckoutAddress";
import { CheckoutDelivery } from "../components/CheckoutDelivery";
import { CheckoutSummary } from "../components/CheckoutSummary";
import { ErrorPage } from "../components/ErrorPage";
import { type CardValues, EMPTY_CARD, PaymentForm } from "../components/PaymentForm";
import type { StripeHandle } from "../components/StripePayment";
import { StripePaymentSection } from "../components/StripePaymentSection";
import { clearCart, useCartLines, useCartReady } from "../lib/cart";
import { asOwnDocument } from "../lib/document";
import { readForm } from "../lib/form.server";
import { NO_STORE } from "../lib/http";
import { abuseLimits, assertSameOrigin, clientAddress } from "../lib/security.server";
import { requireUser } from "../lib/session.server";
import { SHOP_NAME } from "../lib/shop";
import { showToast } from "../lib/toast";
import { redirectWithToast } from "../lib/toast.server";
import { isUnavailable } from "../lib/unavailable";
import { keepsInput } from "../lib/unavailable.server";

export const UNEXPECTED_ERROR = PAYMENT_UNEXPECTED_ERROR;

/** The server's prices for the cart as it is now (never computed in the browser). */
export interface CheckoutQuote {
  lines: Array<{
    key: string;
    productId: string;
    size: SizeTag;
    quantity: number;
    name: string;
    slug: string;
    unitPriceCents: number;
  }>;
  deliveryMethod: DeliveryMethodName;
  promotion: { code: string; label: string; amountCents: number } | null;
  breakdown: PriceBreakdown;
}

export interface CheckoutAnswer {
  quote?: CheckoutQuote;
  fieldErrors?: Record<string, string>;
  /** Stripe: the order is placed; the browser confirms its PaymentIntent with this secret. */
  payment?: { orderId: string; clientSecret: string };
}

const ADDRESS_FIELDS = [
  "company",
  "address",
  "apartment",
  "country",
  "city",
  "zipCode",
  "phone",
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { expired: true });
  const ctx = getContext();
  const addresses = await listAddresses(ctx, user.id);
  return data(
    {
      // The gateway and, for Stripe, the publishable key only: the secret stays here.
      payment: checkoutPaymentMode(ctx.config),
      addresses: addresses.map(
        ({ id, company, address, apartment, country, city, zipCode, phone }) => ({
          id,
          company: company ?? "",
          address,
          apartment: apartment ?? "",
          country,
          city,
          zipCode,
          phone,
        }),
      ),
    },
    { headers: { "Cache-Control": NO_STORE } },
  );
}

/**
 * The checkout is always a document of its own: its Content-Security-Policy is the only one that
 * lets Stripe.js in, and a client-side navigation would keep the previous page's policy. Reached
 * by a link or a redirect, the browser loads it afresh before showing a single field, so nothing
 * typed is lost; on the checkout's own document, revalidations ask the server loader as usual.
 */
export function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  return asOwnDocument(request.url, () => serverLoader<typeof loader>());
}

export const action = keepsInput(submit, checkoutUnavailableMessage);

async function submit({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request, { expired: true });
  const form = await readForm(request);
  const intent = form.get("intent");
  // Quotes, wrong codes and orders are limited per account and per client address.
  const who: Shopper = { userId: user.id, clientAddress: clientAddress(request, context) };
  if (intent === "quote") return quoteCart(form, who);
  if (intent === "place") {
    return checkoutPaymentMode(getContext().config).gateway === "stripe"
      ? placeForStripe(form, user, who)
      : placeAndPay(form, user, who);
  }
  return answer({ fieldErrors: { intent: "Unknown action" } }, 400);
}

const answer = (body: CheckoutAnswer, status = 200) =>
  data(body, { status, headers: { "Cache-Control": NO_STORE } });

/** The cart lines the browser sent (JSON); priceCart checks their shape strictly. */
function sentLines(form: FormData): unknown {
  const text = form.get("lines");
  if (typeof text !== "string" || text.length > 20_000)
    throw new DomainError(CART_LINE_INVALID, "cart");
  try {
    return JSON.parse(text);
  } catch {
    throw new DomainError(CART_LINE_INVALID, "cart");
  }
}

function text(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}

/** intent=quote: price the cart; a bad code is reported on "code", the cart priced without it. */
async function quoteCart(form: FormData, who: Shopper) {
  try {
    const { priced, codeError } = await quoteForShopper(getContext(), who, abuseLimits(), {
      lines: sentLines(form),
      deliveryMethod: text(form, "deliveryMethod"),
      code: text(form, "code") ?? "",
    });
    return codeError
      ? answer(
          { quote: toQuote(priced), fieldErrors: { code: codeError.message } },
          codeError.status,
        )
      : answer({ quote: toQuote(priced) });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return answer({ fieldErrors: { [error.field ?? "cart"]: error.message } }, error.status);
  }
}

/** intent=place: the order first (server totals), then the card payment; then confirmation. */
async function placeAndPay(form: FormData, user: { id: string; email: string }, who: Shopper) {
  const ctx = getContext();
  const card = {
    cardNumber: text(form, "cardNumber"),
    expiry: text(form, "expiry"),
    cvc: text(form, "cvc"),
  };
  let orderId: string;
  try {
    const lines = sentLines(form);
    // A card that cannot be valid is refused before any order is written.
    const checked = parseCard(card);
    if (!checked.success) return answer({ fieldErrors: checked.fieldErrors }, 400);
    const address = Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, form.get(name)]));
    const placed = await placeForShopper(ctx, who, abuseLimits(), {
      userId: user.id,
      email: user.email,
      lines,
      address,
      deliveryMethod: form.get("deliveryMethod"),
      promotionCode: text(form, "code") ?? null,
      placementKey: text(form, PLACEMENT_FIELD),
    });
    const paid = await confirmCardPayment(ctx, { userId: user.id, orderId: placed.order.id, card });
    orderId = paid.id;
  } catch (error) {
    if (isDomainError(error)) {
      return answer({ fieldErrors: { [error.field ?? "form"]: error.message } }, error.status);
    }
    // A dependency that did not answer: keepsInput answers 503 with what happened.
    if (isDependencyUnavailable(error)) throw error;
    console.error("checkout failed", error);
    return answer({ fieldErrors: { form: UNEXPECTED_ERROR } }, 500);
  }
  return redirectWithToast(`/order/confirm-order?id=${encodeURIComponent(orderId)}`, {
    type: "success",
    title: "Email sent",
    description: "An email has been sent to confirm your order.",
  });
}

/**
 * intent=place with Stripe: the order is written (PENDING, payment awaiting, server totals) and
 * its PaymentIntent created for that total in EUR (idempotency key = order id); the browser
 * gets the client secret to confirm it with the Payment Element. No card data comes here.
 */
async function placeForStripe(form: FormData, user: { id: string; email: string }, who: Shopper) {
  const ctx = getContext();
  try {
    const placed = await placeForShopper(ctx, who, abuseLimits(), {
      userId: user.id,
      email: user.email,
      lines: sentLines(form),
      address: Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, form.get(name)])),
      deliveryMethod: form.get("deliveryMethod"),
      promotionCode: text(form, "code") ?? null,
      placementKey: text(form, PLACEMENT_FIELD),
    });
    return answer({ payment: { orderId: placed.order.id, clientSecret: placed.clientSecret } });
  } catch (error) {
    if (isDomainError(error)) {
      return answer({ fieldErrors: { [error.field ?? "form"]: error.message } }, error.status);
    }
    // A dependency that did not answer: keepsInput answers 503 with what happened.
    if (isDependencyUnavailable(error)) throw error;
    console.error("checkout failed", error);
    return answer({ fieldErrors: { form: UNEXPECTED_ERROR } }, 500);
  }
}

function toQuote(priced: PricedCart): CheckoutQuote {
  return {
    lines: priced.lines.map((line) => ({
      key: lineKey(line),
      productId: line.productId,
      size: line.size,
      quantity: line.quantity,
      name: line.name,
      slug: line.slug,
      unitPriceCents: line.unitPriceCents,
    })),
    deliveryMethod: priced.deliveryMethod,
    promotion: priced.promotion ?? null,
    breakdown: priced.breakdown,
  };
}

// A price quote changes nothing the loaders read: no need to reload the addresses. Nor does an
// attempt a dependency did not answer (reloading would fail the same way and lose the form).
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  actionResult,
  defaultShouldRevalidate,
}) =>
  formData?.get("intent") === "quote" || isUnavailable(actionResult)
    ? false
    : defaultShouldRevalidate;

export const meta: MetaFunction = () => [{ title: `Checkout | ${SHOP_NAME}` }];

export default function CheckoutPage() {
  const { addresses, payment } = useLoaderData<typeof loader>();
  const placedAnswer = useActionData<typeof action>();
  const actionData = isUnavailable(placedAnswer) ? undefined : (placedAnswer as CheckoutAnswer);
  const navigation = useNavigation();
  const navigate = useNavigate();
  const ready = useCartReady();
  const lines = useCartLines();
  const quoter = useFetcher<typeof action>({ key: "checkout-quote" });

  const first = addresses[0];
  const [addressId, setAddressId] = useState(first?.id ?? "");
  const [address, setAddress] = useState<AddressValues>(first ?? EMPTY_ADDRESS);
  const [method, setMethod] = useState<DeliveryMethodName>(DEFAULT_DELIVERY_METHOD);
  const [code, setCode] = useState<string | null>(null);
  const [codeAsked, setCodeAsked] = useState(false);
  const [codeError, setCodeError] = useState<string | undefined>();
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  const [lastQuote, setLastQuote] = useState<CheckoutQuote | null>(null);

  const stripe = useStripeCheckout(payment.gateway === "stripe");
  const placement = usePlacementKey(stripe.enabled ? stripe.reply : placedAnswer);
  const placing =
    (navigation.state !== "idle" && navigation.formData?.get("intent") === "place") || stripe.busy;
  const placed =
    navigation.state === "loading" && navigation.location.pathname === "/order/confirm-order";

  // The order is placed and paid: the cart is done with (before the confirmation shows).
  useEffect(() => {
    if (placed) clearCart();
  }, [placed]);

  // Nothing to check out: back to the cart (docs/spec.md §2).
  useEffect(() => {
    if (ready && lines.length === 0 && navigation.state === "idle") {
      navigate("/cart", { replace: true });
    }
  }, [ready, lines.length, navigation.state, navigate]);

  // Any change of cart, method or promotion asks the server for the prices again.
  const cartJson = JSON.stringify(
    lines.map(({ productId, size, quantity }) => ({ productId, size, quantity })),
  );
  const submitQuote = quoter.submit;
  useEffect(() => {
    if (lines.length === 0) return;
    submitQuote(
      { intent: "quote", lines: cartJson, deliveryMethod: method, code: code ?? "" },
      { method: "post" },
    );
  }, [cartJson, method, code, lines.length, submitQuote]);

  const answered = quoter.data as CheckoutAnswer | undefined;
  useEffect(() => {
    if (!answered) return;
    if (answered.quote) setLastQuote(answered.quote);
    const error = answered.fieldErrors?.code;
    if (error) {
      setCode(null);
      setCodeError(error);
      setCodeAsked(false);
    } else if (codeAsked && answered.quote?.promotion) {
      setCodeAsked(false);
      showToast({
        type: "success",
        title: "Promotion code applied",
        description: answered.quote.promotion.label,
      });
    }
  }, [answered, codeAsked]);

  const quote = lastQuote;
  const quoting = quoter.state !== "idle";
  const cartError = answered?.fieldErrors?.cart ?? actionData?.fieldErrors?.cart;
  const addressValid = parseForm(CheckoutSchema, { ...address, deliveryMethod: method }).success;
  const paymentValid = stripe.enabled
    ? stripe.complete
    : parseForm(cardSchema(), { ...card }).success;
  const canConfirm =
    Boolean(quote) && !cartError && addressValid && paymentValid && !quoting && !placing;
  const serverErrors = (stripe.enabled ? stripe.fieldErrors : actionData?.fieldErrors) ?? {};

  const applyCode = (typed: string) => {
    setCodeError(undefined);
    setCodeAsked(true);
    setCode(typed.trim());
  };

  return (
    <div className="container-page py-10 lg:py-14">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Checkout</h1>
      <noscript>
        <p className="mt-8 rounded-lg border border-amber-300 bg-amber-50 p-4 text-stone-900">
          Your cart is kept in this browser and needs JavaScript to be shown. Please turn on
          JavaScript to check out.
        </p>
      </noscript>
      <div className="mt-8 lg:grid lg:grid-cols-12 lg:items-start lg:gap-x-12">
        <Form
          id="checkout-form"
          method="post"
          className="space-y-10 lg:col-span-7"
          aria-label="Checkout"
          onSubmit={stripe.enabled ? stripe.onSubmit : undefined}
        >
          <input type="hidden" name="intent" value="place" />
          <input type="hidden" name={PLACEMENT_FIELD} value={placement} />
          <input type="hidden" name="lines" value={cartJson} />
          <input type="hidden" name="code" value={code ?? ""} />
          <input type="hidden" name="addressId" value={addressId} />
          <CheckoutAddress
            addresses={addresses}
            selectedId={addressId}
            values={address}
            errors={serverErrors}
            onPick={(picked) => {
              setAddressId(picked?.id ?? "");
              setAddress(picked ?? EMPTY_ADDRESS);
            }}
            onChange={(name, value) => {
              setAddressId("");
              setAddress((current) => ({ ...current, [name]: value }));
            }}
          />
          <CheckoutDelivery
            value={method}
            onChange={setMethod}
            error={serverErrors.deliveryMethod}
          />
          {payment.gateway === "stripe" ? (
            <StripePaymentSection
              publishableKey={payment.publishableKey}
              amountCents={quote?.breakdown.totalCents}
              onReady={stripe.onReady}
              onComplete={stripe.onComplete}
            />
          ) : (
            <PaymentForm values={card} onChange={setCard} serverErrors={serverErrors} />
          )}
        </Form>
        <div className="mt-10 lg:col-span-5 lg:mt-0">
          <CheckoutSummary
            quote={quote}
            ready={ready}
            updating={quoting}
            cartError={cartError}
            codeError={codeError ?? serverErrors.code}
            onApply={applyCode}
            confirm={{
              disabled: !canConfirm,
              pending: placing,
              // A service that did not answer (placing, paying or pricing): said by the button.
              formError:
                serverErrors.form ??
                stripe.error ??
                [placedAnswer, stripe.reply, quoter.data].find(isUnavailable)?.unavailable,
            }}
          />
        </div>
      </div>
    </div>
  );
}

/**
 * The key of the next attempt to place the order (core/src/orders/placement.ts): a new one after
 * every answer, except "unavailable" (the attempt may have written the order: pressing "Confirm
 * order" again must go on with it). Random bytes rather than crypto.randomUUID, which a page
 * served over plain HTTP on a local network does not have.
 */
function usePlacementKey(answer: unknown): string {
  const [key, setKey] = useState("");
  useEffect(() => {
    if (isUnavailable(answer)) return;
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    setKey(Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(""));
  }, [answer]);
  return key;
}

/**
 * "Confirm order" with Stripe: check the Payment Element, place the order (intent=place through
 * a fetcher; the answer carries the client secret), confirm the payment in the browser, then go
 * to the confirmation page. After a declined card, a retry with nothing changed confirms the
 * same order again (same PaymentIntent, same promotion) instead of placing another one.
 */
function useStripeCheckout(enabled: boolean) {
  const navigate = useNavigate();
  const placer = useFetcher<typeof action>({ key: "checkout-place" });
  const handle = useRef<StripeHandle | null>(null);
  const placedFor = useRef<{ signature: string; orderId: string; clientSecret: string } | null>(
    null,
  );
  const sentSignature = useRef("");
  const answered = useRef<unknown>(null);
  const [complete, setComplete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const confirm = useCallback(
    async (orderId: string, clientSecret: string) => {
      const result = await handle.current?.confirm(
        clientSecret,
        paymentReturnUrl(window.location.origin, orderId),
      );
      if (result?.ok) {
        showToast({
          type: "success",
          title: "Email sent",
          description: "An email has been sent to confirm your order.",
        });
        navigate(`/order/confirm-order?id=${encodeURIComponent(orderId)}`);
        return;
      }
      setBusy(false);
      const message = result ? (result.message ?? undefined) : UNEXPECTED_ERROR;
      // Not a card the customer can change (e.g. the intent expired): the next try starts anew.
      if (message) placedFor.current = null;
      setError(message);
    },
    [navigate],
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !handle.current) return;
    const form = new FormData(event.currentTarget);
    setError(undefined);
    setBusy(true);
    const checked = await handle.current.check();
    if (!checked.ok) {
      setBusy(false);
      setError(checked.message ?? undefined);
      return;
    }
    const signature = placementSignature(form.entries());
    const placed = placedFor.current;
    if (placed && placed.signature === signature) {
      await confirm(placed.orderId, placed.clientSecret);
      return;
    }
    sentSignature.current = signature;
    placer.submit(form, { method: "post" });
  };

  const reply = placer.data as CheckoutAnswer | undefined;
  useEffect(() => {
    if (placer.state !== "idle" || !reply || answered.current === reply) return;
    answered.current = reply;
    if (reply.payment) {
      placedFor.current = { signature: sentSignature.current, ...reply.payment };
      void confirm(reply.payment.orderId, reply.payment.clientSecret);
    } else {
      setBusy(false);
    }
  }, [placer.state, reply, confirm]);

  const onReady = useCallback((ready: StripeHandle | null) => {
    handle.current = ready;
  }, []);

  return {
    enabled,
    reply: placer.data,
    busy: busy || placer.state !== "idle",
    complete,
    error,
    fieldErrors: reply?.fieldErrors,
    onSubmit,
    onReady,
    onComplete: setComplete,
  };
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
