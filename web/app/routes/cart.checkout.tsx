// The checkout (docs/product.md §2 "/cart/checkout", §4 "Checkout flow", docs/architecture.md §4; docs/product.md §9 "Currencies").
// The cart lives in this browser, so the page asks the server for prices (intent=quote:
// product ids, sizes, quantities, method and code only) on every change. "Confirm order"
// (intent=place) is core's checkout use case: the order with server-computed totals, then either
// the card typed here charged by the local test gateway (the answer redirects to the
// confirmation), or, with Stripe, the PaymentIntent's client secret for the Payment Element
// (StripePaymentSection, loaded lazily with the publishable key from this loader), which
// confirms the payment in the browser and goes to /order/confirm-order, which waits for the webhook.
import { getFormProps } from "@conform-to/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  type ClientLoaderFunctionArgs,
  Form,
  type ShouldRevalidateFunction,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { data } from "@remix-run/server-runtime";
import { CheckoutSchema, checkoutWithCardSchema, quoteInStock } from "@shop/core/checkout";
import { checkoutUnavailableMessage } from "@shop/core/common";
import { checkoutPaymentMode, PLACEMENT_FIELD } from "@shop/core/payments";
import { DEFAULT_DELIVERY_METHOD, isDeliveryMethodName } from "@shop/core/pricing";
import { listAddresses } from "@shop/core/server/accounts";
import { getContext } from "@shop/core/server/context";
import { type FormEvent, useEffect, useMemo } from "react";
import { CheckoutAddress, EMPTY_ADDRESS } from "../components/CheckoutAddress";
import { CheckoutDelivery } from "../components/CheckoutDelivery";
import { CheckoutSummary } from "../components/CheckoutSummary";
import { ErrorPage } from "../components/ErrorPage";
import { EMPTY_CARD, PaymentForm } from "../components/PaymentForm";
import { StripePaymentSection } from "../components/StripePaymentSection";
import { CART_PAGE, type CartPageHandle, clearCart, useCartLines, useCartReady } from "../lib/cart";
import {
  checkoutLinesJson,
  type PlaceAnswer,
  useCheckoutQuote,
  usePlacementKey,
  useStripeCheckout,
} from "../lib/checkout";
import { checkoutAction, checkoutAddress } from "../lib/checkout.server";
import { asOwnDocument } from "../lib/document";
import { passes, useSchemaForm } from "../lib/forms";
import { NO_STORE } from "../lib/http";
import { requireUser } from "../lib/session.server";
import { SHOP_NAME } from "../lib/shop";
import { isUnavailable } from "../lib/unavailable";
import { keepsInput } from "../lib/unavailable.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { expired: true });
  const ctx = getContext();
  const addresses = await listAddresses(ctx, user.id);
  return data(
    // The gateway and, for Stripe, the publishable key only: the secret stays here.
    { payment: checkoutPaymentMode(ctx.config), addresses: addresses.map(checkoutAddress) },
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

export const action = keepsInput(checkoutAction, checkoutUnavailableMessage);

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

/**
 * Nothing to check out: the cart's page, decided in the document's head before anything is
 * painted (root.tsx, lib/cart.ts), so an empty checkout never shows and nothing moves.
 */
export const handle: CartPageHandle = { emptyCartGoesTo: CART_PAGE };

export const meta: MetaFunction = () => [
  { title: `Checkout | ${SHOP_NAME}` },
  {
    name: "description",
    content: `Check out your ${SHOP_NAME} order: delivery, payment and total.`,
  },
];

export default function CheckoutPage() {
  const { addresses, payment } = useLoaderData<typeof loader>();
  const placedAnswer = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const ready = useCartReady();
  const lines = useCartLines();

  // One form, one schema (core's): the address, the delivery method and, with the local test
  // gateway, the card. Stripe's Payment Element keeps the card itself: the same fields without it.
  const local = payment.gateway === "local";
  const schema = useMemo(() => (local ? checkoutWithCardSchema() : CheckoutSchema), [local]);
  const stripe = useStripeCheckout(!local);
  const first = addresses[0];
  const [form, fields] = useSchemaForm(schema as ReturnType<typeof checkoutWithCardSchema>, {
    id: "checkout-form",
    lastResult: local ? (placedAnswer as PlaceAnswer | undefined)?.result : stripe.result,
    defaultValue: {
      ...(first ?? EMPTY_ADDRESS),
      addressId: first?.id ?? "",
      deliveryMethod: DEFAULT_DELIVERY_METHOD,
      ...(local ? EMPTY_CARD : {}),
    },
    shouldValidate: "onBlur",
  });
  const picked = fields.deliveryMethod.value;
  const method = isDeliveryMethodName(picked) ? picked : DEFAULT_DELIVERY_METHOD;
  const addressId = fields.addressId.value ?? "";

  const cartJson = checkoutLinesJson(lines);
  const prices = useCheckoutQuote(cartJson, method);
  const placement = usePlacementKey(local ? placedAnswer : stripe.reply);
  const placing =
    (navigation.state !== "idle" && navigation.formData?.get("intent") === "place") || stripe.busy;
  const placed =
    navigation.state === "loading" && navigation.location.pathname === "/order/confirm-order";

  // The order is placed and paid: the cart is done with (before the confirmation shows).
  useEffect(() => {
    if (placed) clearCart();
  }, [placed]);

  // The cart emptied while the checkout is open (in another tab): back to the cart (docs/product.md
  // §2). An empty cart on arrival never gets here: the head script has gone already (`handle`).
  useEffect(() => {
    if (ready && lines.length === 0 && navigation.state === "idle") {
      navigate(CART_PAGE, { replace: true });
    }
  }, [ready, lines.length, navigation.state, navigate]);

  const { quote, quoting, code } = prices;
  const errors = form.allErrors;
  const cartError = prices.cartError ?? errors.cart?.[0];
  // A line over what is left says so under it; the order cannot be confirmed until it is changed.
  const canConfirm =
    Boolean(quote && quoteInStock(quote)) &&
    !cartError &&
    passes(schema, form.value) &&
    (local || stripe.complete) &&
    !quoting &&
    !placing;
  const formProps = getFormProps(form);
  // Conform first (it stops a form that does not pass); with Stripe, then place and confirm.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (!local && !event.defaultPrevented) void stripe.onSubmit(event);
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
          method="post"
          {...formProps}
          onSubmit={onSubmit}
          className="space-y-10 lg:col-span-7"
          aria-label="Checkout"
        >
          <input type="hidden" name="intent" value="place" />
          <input type="hidden" name={PLACEMENT_FIELD} value={placement} />
          <input type="hidden" name="lines" value={cartJson} />
          <input type="hidden" name="code" value={code ?? ""} />
          <input
            type="hidden"
            name={fields.addressId.name}
            defaultValue={fields.addressId.initialValue}
          />
          <CheckoutAddress
            addresses={addresses}
            fields={fields}
            selectedId={addressId}
            update={form.update}
          />
          <CheckoutDelivery meta={fields.deliveryMethod} value={method} />
          {local ? (
            <PaymentForm fields={fields} />
          ) : (
            <StripePaymentSection
              publishableKey={payment.publishableKey}
              amountCents={quote?.breakdown.totalCents}
              onReady={stripe.onReady}
              onComplete={stripe.onComplete}
            />
          )}
        </Form>
        <div className="mt-10 lg:col-span-5 lg:mt-0">
          <CheckoutSummary
            quote={quote}
            ready={ready}
            updating={quoting}
            cartError={cartError}
            codeError={prices.codeError ?? errors.code?.[0]}
            onApply={prices.applyCode}
            confirm={{
              disabled: !canConfirm,
              pending: placing,
              // A service that did not answer (placing, paying or pricing): said by the button.
              formError:
                form.errors?.[0] ??
                stripe.error ??
                prices.formError ??
                [placedAnswer, stripe.reply, prices.reply].find(isUnavailable)?.unavailable,
            }}
          />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
