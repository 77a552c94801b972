// Offline stand-ins for Stripe in end-to-end tests: the Stripe API is the local cloud's
// (startFakeStripeApi, which the shop's Stripe adapter is pointed at through STRIPE_API_BASE);
// here, a fake Stripe.js served in place of js.stripe.com whose Payment Element is one "Fake
// card" field. Card numbers ending in 0002 are declined (a card_error), 9999 fail with an
// api_error, anything else of 4+ digits succeeds.
export { type CreatedIntent, startFakeStripeApi } from "@shop/local-cloud";

/** Served for https://js.stripe.com/…/stripe.js; records what the page asks of it. */
export const FAKE_STRIPE_JS = `
(() => {
  const calls = (window.__fakeStripe = { elementsOptions: null, submits: 0, confirms: [] });
  function Stripe(key) {
    let card = "";
    const elements = {
      create(type) {
        const handlers = {};
        const emit = (name, event) => (handlers[name] || []).forEach((h) => h(event));
        const element = {
          mount(node) {
            const target = typeof node === "string" ? document.querySelector(node) : node;
            const input = document.createElement("input");
            input.setAttribute("aria-label", "Fake card");
            input.addEventListener("input", () => {
              card = input.value;
              emit("change", { elementType: type, empty: card === "", complete: card.length >= 4 });
            });
            target.appendChild(input);
            setTimeout(() => emit("ready", { elementType: type }), 0);
          },
          on(name, handler) { (handlers[name] = handlers[name] || []).push(handler); return element; },
          off(name, handler) { handlers[name] = (handlers[name] || []).filter((h) => h !== handler); return element; },
          update() {},
          unmount() {},
          destroy() {},
        };
        return element;
      },
      update(options) { calls.elementsOptions = { ...calls.elementsOptions, ...options }; return Promise.resolve(); },
      submit() {
        calls.submits++;
        return Promise.resolve(card.length >= 4
          ? { selectedPaymentMethod: "card" }
          : { error: { type: "validation_error", message: "Your card number is incomplete." } });
      },
      getElement() { return null; },
    };
    return {
      elements(options) { calls.elementsOptions = { ...options }; return elements; },
      createToken() {}, createPaymentMethod() {}, confirmCardPayment() {},
      confirmPayment(options) {
        calls.confirms.push({ clientSecret: options.clientSecret, redirect: options.redirect,
          returnUrl: options.confirmParams && options.confirmParams.return_url, card });
        if (card.endsWith("0002")) return Promise.resolve({ error: { type: "card_error", code: "card_declined", message: "Your card was declined." } });
        if (card.endsWith("9999")) return Promise.resolve({ error: { type: "api_error", message: "Stripe is having a bad day" } });
        return Promise.resolve({ paymentIntent: { id: options.clientSecret.split("_secret")[0], status: "succeeded" } });
      },
    };
  }
  window.Stripe = Stripe;
})();
`;
