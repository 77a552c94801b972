// The checkout page's behaviour in the browser: the server's prices as the cart, method and code
// change; the key of each attempt to place the order; and the Stripe flow (place, then confirm
// in the browser). The rules are core's (core/src/checkout/checkout.server.ts).
import { useFetcher, useNavigate } from "@remix-run/react";
import type { CartLine } from "@shop/core/cart";
import type { CheckoutQuote } from "@shop/core/checkout";
import {
  PAYMENT_UNEXPECTED_ERROR,
  paymentReturnUrl,
  placementSignature,
} from "@shop/core/payments";
import type { DeliveryMethodName } from "@shop/core/pricing";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import type { StripeHandle } from "../components/StripePayment";
import type { FormReply } from "./forms";
import { showToast } from "./toast";
import { isUnavailable } from "./unavailable";

export const ORDER_CONFIRMED_TOAST = {
  type: "success",
  title: "Email sent",
  description: "An email has been sent to confirm your order.",
} as const;

/** The answer to intent=quote: the prices, or why not (a line on "cart", the code on "code"). */
export interface QuoteAnswer {
  quote?: CheckoutQuote;
  fieldErrors?: { cart?: string; code?: string; form?: string };
}

/** The answer to intent=place that is not a redirect: the payment to confirm, or the form's refusal. */
export interface PlaceAnswer {
  payment?: { orderId: string; clientSecret: string };
  result?: FormReply;
}

/** The cart's lines as the checkout sends them to be priced and placed: what, which, how many. */
export function checkoutLinesJson(lines: readonly CartLine[]): string {
  return JSON.stringify(
    lines.map(({ productId, colour, size, quantity }) => ({
      productId,
      ...(colour ? { colour } : {}),
      size,
      quantity,
    })),
  );
}

export const confirmationPath = (orderId: string) =>
  `/order/confirm-order?id=${encodeURIComponent(orderId)}`;

/**
 * The server's prices for the cart (intent=quote through a fetcher), asked again on every change
 * of cart, method or promotion code. A code the server refuses is dropped with its message; one
 * it accepts is announced once.
 */
export function useCheckoutQuote(cartJson: string, method: DeliveryMethodName) {
  const quoter = useFetcher<QuoteAnswer>({ key: "checkout-quote" });
  const [code, setCode] = useState<string | null>(null);
  const [codeAsked, setCodeAsked] = useState(false);
  const [codeError, setCodeError] = useState<string | undefined>();
  const [lastQuote, setLastQuote] = useState<CheckoutQuote | null>(null);

  const empty = cartJson === "[]";
  const submitQuote = quoter.submit;
  useEffect(() => {
    if (empty) return;
    submitQuote(
      { intent: "quote", lines: cartJson, deliveryMethod: method, code: code ?? "" },
      { method: "post" },
    );
  }, [cartJson, method, code, empty, submitQuote]);

  const answered = quoter.data as QuoteAnswer | undefined;
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

  return {
    quote: lastQuote,
    quoting: quoter.state !== "idle",
    code,
    codeError,
    cartError: answered?.fieldErrors?.cart,
    formError: answered?.fieldErrors?.form,
    /** The raw answer, for "unavailable". */
    reply: quoter.data as unknown,
    applyCode(typed: string) {
      setCodeError(undefined);
      setCodeAsked(true);
      setCode(typed.trim());
    },
  };
}

/**
 * The key of the next attempt to place the order (core/src/checkout/placement.ts): a new one after
 * every answer, except "unavailable" (the attempt may have written the order: pressing "Confirm
 * order" again must go on with it). Random bytes rather than crypto.randomUUID, which a page
 * served over plain HTTP on a local network does not have.
 */
export function usePlacementKey(answer: unknown): string {
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
export function useStripeCheckout(enabled: boolean) {
  const navigate = useNavigate();
  const placer = useFetcher<PlaceAnswer>({ key: "checkout-place" });
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
        showToast(ORDER_CONFIRMED_TOAST);
        navigate(confirmationPath(orderId));
        return;
      }
      setBusy(false);
      const message = result ? (result.message ?? undefined) : PAYMENT_UNEXPECTED_ERROR;
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

  const reply = placer.data as PlaceAnswer | undefined;
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
    reply: placer.data as unknown,
    busy: busy || placer.state !== "idle",
    complete,
    error,
    /** The server's refusal of the form, for the form to show. */
    result: reply?.result,
    onSubmit,
    onReady,
    onComplete: setComplete,
  };
}
