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
          Sign in and open your <Link to="/order/order-history">Order History</Link>. A delivered
          order shows "Return or exchange items" for 30 days after its delivery.
        </li>
        <li>
          Choose the items and how many of each you send back, and tell us why: too small, too
          large, not as described, faulty, or changed my mind.
        </li>
        <li>
          You get a return number (RMA) on the page and by e-mail, with a return slip to print. Pack
          the items unworn, unwashed and with their labels, put the slip inside and send the parcel
          to the address it gives.
        </li>
      </ol>
      <p>
        Your order page shows each return and where it is. You can cancel a return until we have
        received it.
      </p>
      <h2>Refunds</h2>
      <p>
        Once we have received and checked the items, we refund what you paid for them, taxes
        included and any promotion shared out over the items, to the card you paid with. If you
        return the whole order within 30 days, we refund the delivery price too. You get an e-mail
        with your credit note when the refund is on its way.
      </p>
      <h2>Exchanges</h2>
      <p>
        For another size of the same item, choose the size on the return form: we set it aside for
        you straight away (only sizes in stock are offered), and send it at no charge as soon as
        your return arrives.
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
