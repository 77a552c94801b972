import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { StaticPage, staticMeta } from "../components/StaticSection";
import { SHOP_NAME } from "../lib/shop";

export const meta: MetaFunction = (args) =>
  staticMeta(
    "Terms and conditions",
    `The terms that apply when you buy from ${SHOP_NAME}: orders, prices, payment, delivery, returns and the guarantee.`,
    args,
  );

export default function TermsAndConditions() {
  return (
    <StaticPage
      title="Terms and conditions"
      lead="These terms apply to every order placed on this website. Please read them before you buy."
    >
      <h2>1. Who we are</h2>
      <p>
        This shop is run by {SHOP_NAME}. You can reach us through the{" "}
        <Link to="/customer-service/contact">contact page</Link>.
      </p>
      <h2>2. Your account</h2>
      <p>
        You need an account to place an order. Keep your password to yourself; you are responsible
        for orders placed with your account. You can delete your account at any time from its
        Security page.
      </p>
      <h2>3. Prices</h2>
      <p>
        Prices are set in euro. Prices shown in US dollars are for information only and are
        converted at a fixed rate; your card is always charged in euro. Tax of 25% is added to the
        subtotal at checkout, and the delivery price depends on the method you choose (see{" "}
        <Link to="/customer-service/shipping">Shipping</Link>).
      </p>
      <h2>4. Orders and payment</h2>
      <p>
        Your order is accepted when your card payment is confirmed. You then receive a confirmation
        e-mail with your invoice attached. Promotion codes are applied once, when the order is
        placed, and cannot be exchanged for cash.
      </p>
      <h2>5. Delivery</h2>
      <p>
        We ship to the address you give at checkout. Delivery times are estimates; if your parcel is
        late or lost, contact us and we will find it or send the order again.
      </p>
      <h2>6. Returns and refunds</h2>
      <p>
        You may return unworn items within 30 days of delivery for a full refund, as described on
        the <Link to="/customer-service/returns">Returns</Link> page. This does not affect your
        statutory rights.
      </p>
      <h2>7. Guarantee</h2>
      <p>
        Our products carry a <Link to="/customer-service/warranty">Lifetime Guarantee</Link> against
        manufacturing defects, in addition to your legal guarantee of conformity.
      </p>
      <h2>8. Reviews</h2>
      <p>
        Customers who bought a product may review it once. We may remove reviews that are offensive,
        off topic or contain personal data.
      </p>
      <h2>9. Law</h2>
      <p>
        These terms are governed by Portuguese law. If we cannot settle a dispute together, you may
        use the courts of your country of residence or the EU's online dispute resolution platform.
      </p>
    </StaticPage>
  );
}
