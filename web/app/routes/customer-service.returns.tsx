import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { StaticPage, staticMeta } from "../components/StaticSection";
import { SHOP_NAME } from "../lib/shop";

export const meta: MetaFunction = (args) =>
  staticMeta(
    "Returns",
    `Return unworn items to ${SHOP_NAME} within 30 days for a full refund.`,
    args,
  );

export default function Returns() {
  return (
    <StaticPage
      title="Returns"
      lead="Changed your mind, or the size is not right? Return it within 30 days."
    >
      <h2>How to return an item</h2>
      <ol>
        <li>
          Write to us through the <Link to="/customer-service/contact">contact page</Link> with your
          order number and the items you are returning.
        </li>
        <li>We send you a prepaid return label by e-mail within one working day.</li>
        <li>Pack the items unworn, unwashed and with their labels, and drop the parcel off.</li>
      </ol>
      <h2>Refunds</h2>
      <p>
        We refund the items to the card you paid with within 5 working days of receiving them. If
        you return the whole order within 30 days, we refund the delivery price too.
      </p>
      <h2>Exchanges</h2>
      <p>
        For another size or colour, return the item and place a new order: it is the quickest way to
        get what you want before it sells out.
      </p>
      <h2>Returns in store</h2>
      <p>
        You can also bring online orders back to any of our{" "}
        <Link to="/customer-service/find-a-store">stores</Link> with your confirmation e-mail.
      </p>
      <p>
        Faulty items are covered by our{" "}
        <Link to="/customer-service/warranty">Lifetime Guarantee</Link>, at any time.
      </p>
    </StaticPage>
  );
}
