// An order as its owner sees it: number, lines, address, delivery method and the four totals.

import type { SizeTag } from "@shop/core/cart";
import { namedColour, sizeName } from "@shop/core/catalog";
import type { Address } from "@shop/core/common";
import { formatInvoiceDate } from "@shop/core/invoices";
import type { Order } from "@shop/core/server/orders";
import { Price } from "./Price";

export interface OrderView {
  id: string;
  number: string;
  state: string;
  payment: string;
  paymentError: string | null;
  date: string;
  address: Address;
  deliveryMethod: string;
  lines: Array<{
    productId: string;
    /** Palette id; null on orders placed before colourways (they name the size alone). */
    colour: string | null;
    size: SizeTag;
    quantity: number;
    name: string;
    unitPriceCents: number;
  }>;
  promotion: { label: string } | null;
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  discountCents: number;
  totalCents: number;
}

/** What the browser needs of an order (no e-mail, payment ids or refund details). */
export function orderView(order: Order): OrderView {
  return {
    id: order.id,
    number: order.number,
    state: order.state,
    payment: order.payment,
    paymentError: order.paymentError ?? null,
    date: orderDate(order.createdAt),
    address: order.address,
    deliveryMethod: order.deliveryMethod,
    lines: order.lines.map(({ productId, colour, size, quantity, name, unitPriceCents }) => ({
      productId,
      colour: colour ?? null,
      size,
      quantity,
      name,
      unitPriceCents,
    })),
    promotion: order.promotion ? { label: order.promotion.label } : null,
    subtotalCents: order.subtotalCents,
    shippingCents: order.shippingCents,
    taxCents: order.taxCents,
    discountCents: order.discountCents,
    totalCents: order.totalCents,
  };
}

/** dd/MM/yyyy (UTC), as on the invoice. */
export const orderDate = formatInvoiceDate;

export function OrderDetails({ order }: { order: OrderView }) {
  const a = order.address;
  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-12">
      <section aria-labelledby="order-lines-heading" className="lg:col-span-7">
        <h2 id="order-lines-heading" className="text-lg font-medium text-stone-900">
          Items
        </h2>
        <ul className="mt-4 divide-y divide-stone-200 border-y border-stone-200">
          {order.lines.map((line) => (
            <li
              key={`${line.productId}:${line.colour ?? ""}:${line.size}`}
              data-testid="order-line"
              className="flex justify-between gap-4 py-4 text-sm"
            >
              <span>
                <span className="block font-medium text-stone-900">{line.name}</span>
                <span className="text-stone-600">
                  {namedColour(line.colour ?? undefined) ? (
                    <>Colour {namedColour(line.colour ?? undefined)} · </>
                  ) : null}
                  Size {sizeName(line.size)} · Quantity {line.quantity}
                </span>
              </span>
              <Price
                cents={line.unitPriceCents * line.quantity}
                className="font-medium text-stone-900"
              />
            </li>
          ))}
        </ul>
        <div className="mt-6 grid gap-6 text-sm sm:grid-cols-2">
          <div>
            <h3 className="font-medium text-stone-900">Shipping address</h3>
            <address className="mt-2 not-italic text-stone-700" data-testid="order-address">
              {a.company ? (
                <>
                  {a.company}
                  <br />
                </>
              ) : null}
              {a.address}
              {a.apartment ? `, ${a.apartment}` : ""}
              <br />
              {a.zipCode} {a.city}
              <br />
              {a.country}
              <br />
              {a.phone}
            </address>
          </div>
          <div>
            <h3 className="font-medium text-stone-900">Delivery method</h3>
            <p className="mt-2 text-stone-700" data-testid="order-delivery">
              {order.deliveryMethod}
            </p>
          </div>
        </div>
      </section>
      <section
        aria-labelledby="order-totals-heading"
        className="rounded-lg bg-stone-50 p-6 lg:col-span-5"
      >
        <h2 id="order-totals-heading" className="text-lg font-medium text-stone-900">
          Order summary
        </h2>
        <dl className="mt-4 space-y-3 text-sm">
          <Row label="Subtotal" cents={order.subtotalCents} testId="order-subtotal" />
          <Row label="Shipping" cents={order.shippingCents} testId="order-shipping" />
          <Row label="Taxes" cents={order.taxCents} testId="order-tax" />
          {order.discountCents > 0 ? (
            <div className="flex justify-between">
              <dt className="text-stone-600">{order.promotion?.label ?? "Promotion"}</dt>
              <dd className="font-medium text-accent-700" data-testid="order-discount">
                −<Price cents={order.discountCents} />
              </dd>
            </div>
          ) : null}
          <div className="flex justify-between border-t border-stone-200 pt-3 text-base">
            <dt className="font-medium text-stone-900">Total</dt>
            <dd className="font-semibold text-stone-900" data-testid="order-total">
              <Price cents={order.totalCents} />
            </dd>
          </div>
        </dl>
      </section>
    </div>
  );
}

function Row({ label, cents, testId }: { label: string; cents: number; testId: string }) {
  return (
    <div className="flex justify-between">
      <dt className="text-stone-600">{label}</dt>
      <dd className="font-medium text-stone-900" data-testid={testId}>
        <Price cents={cents} />
      </dd>
    </div>
  );
}
