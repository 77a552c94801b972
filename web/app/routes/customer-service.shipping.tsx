import type { MetaFunction } from "@remix-run/node";
import {
  DELIVERY_METHODS,
  FREE_SHIPPING_THRESHOLD_CENTS,
  formatPrice,
  TAX_RATE,
} from "@shop/core/pricing";
import { StaticPage, staticMeta } from "../components/StaticSection";
import { SHOP_NAME } from "../lib/shop";

const FREE_FROM = formatPrice(FREE_SHIPPING_THRESHOLD_CENTS);

export const meta: MetaFunction = (args) =>
  staticMeta(
    "Shipping",
    `Delivery methods, prices and times at ${SHOP_NAME}. Free standard delivery on orders over ${FREE_FROM}.`,
    args,
  );

export default function Shipping() {
  return (
    <StaticPage
      title="Shipping"
      lead={`Free standard delivery on orders over ${FREE_FROM}. Choose your method at checkout.`}
    >
      <h2>Delivery methods</h2>
      <table className="w-full max-w-lg border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-stone-300">
            <th scope="col" className="py-2 pr-4 font-semibold text-stone-900">
              Method
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold text-stone-900">
              Delivery time
            </th>
            <th scope="col" className="py-2 font-semibold text-stone-900">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {DELIVERY_METHODS.map((method) => (
            <tr key={method.name} className="border-b border-stone-200">
              <td className="py-2 pr-4 font-medium">{method.name}</td>
              <td className="py-2 pr-4">{method.expectedDelivery}</td>
              <td className="py-2">{formatPrice(method.priceCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Free delivery</h2>
      <p>
        STANDARD delivery is free when your subtotal plus tax reaches {FREE_FROM} or more. The order
        summary shows the shipping line in green when it is free. EXPRESS delivery is always
        charged.
      </p>
      <h2>Prices and tax</h2>
      <p>
        Tax of {Math.round(TAX_RATE * 100)}% is added to the subtotal. The order summary shows the
        subtotal, shipping, tax and total before you pay, and every amount is charged in euro.
      </p>
      <h2>Delivery times</h2>
      <p>
        Orders paid before 14:00 on a working day leave our warehouse the same day. Delivery times
        are counted in working days from dispatch. You receive an e-mail when your order is
        confirmed, with its invoice attached.
      </p>
    </StaticPage>
  );
}
