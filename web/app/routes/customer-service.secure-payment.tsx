import type { MetaFunction } from "@remix-run/node";
import { StaticPage, staticMeta } from "../components/StaticSection";
import { SHOP_NAME } from "../lib/shop";

export const meta: MetaFunction = (args) =>
  staticMeta(
    "Secure payment",
    `How card payments work at ${SHOP_NAME}: through Stripe, charged in euro.`,
    args,
  );

export default function SecurePayment() {
  return (
    <StaticPage
      title="Secure payment"
      lead="Pay by card, safely: your card details go straight to our payment provider, Stripe."
    >
      <h2>Cards we accept</h2>
      <p>Visa, Mastercard and American Express, debit and credit.</p>
      <h2>How it works</h2>
      <ul>
        <li>
          The card form on the checkout page is provided by Stripe, a certified PCI DSS Level 1
          payment provider. Your card number never reaches our servers.
        </li>
        <li>Your bank may ask you to confirm the payment (3-D Secure) in its app or by a code.</li>
        <li>
          We calculate the total on our side from our current prices; you see the subtotal,
          shipping, tax and total before you confirm.
        </li>
      </ul>
      <h2>Currency</h2>
      <p>
        You can show prices in euro or US dollars, but every payment is charged in euro. If your
        card is in another currency, your bank converts the amount.
      </p>
      <h2>If a payment fails</h2>
      <p>
        Nothing is charged, and your cart stays as it was. Check the card details or try another
        card.
      </p>
    </StaticPage>
  );
}
