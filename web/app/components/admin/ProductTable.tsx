import { Link } from "@remix-run/react";
import type { ProductSummary } from "@shop/core/catalog";
import { formatPrice } from "@shop/core/pricing";
import { ConfirmButton } from "./ConfirmButton";

/**
 * The admin's products: thumbnail, name, audience, price (in euro, as stored), slug, an edit
 * link and a delete behind a confirmation. On a narrow screen the table scrolls sideways (the
 * name column stays in view); its links and buttons take the keyboard there.
 */
export function ProductTable({
  items,
  returnQuery,
}: {
  items: readonly ProductSummary[];
  /** The list's query, so a delete comes back to the same page. */
  returnQuery: string;
}) {
  const cell = "px-3 py-3 align-middle";
  return (
    <div className="relative mt-6 overflow-x-auto rounded-xl border border-stone-200">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <thead className="bg-stone-50 text-xs uppercase tracking-wide text-stone-600">
          <tr>
            <th scope="col" className={cell}>
              Image
            </th>
            <th scope="col" className={`${cell} sticky left-0 bg-stone-50`}>
              Name
            </th>
            <th scope="col" className={cell}>
              Audience
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Price
            </th>
            <th scope="col" className={cell}>
              Slug
            </th>
            <th scope="col" className={cell}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {items.map((product) => (
            <tr key={product.id} data-testid="admin-product-row">
              <td className={cell}>
                {product.imageUrl ? (
                  <img
                    src={product.imageUrl}
                    alt=""
                    width={48}
                    height={60}
                    loading="lazy"
                    decoding="async"
                    className="h-15 w-12 rounded object-cover bg-stone-100"
                  />
                ) : null}
              </td>
              <th scope="row" className={`${cell} sticky left-0 bg-white font-medium`}>
                {product.name}
              </th>
              <td className={cell}>{product.category}</td>
              <td className={`${cell} text-right tabular-nums`}>
                {formatPrice(product.priceCents, "EUR")}
              </td>
              <td className={`${cell} font-mono text-xs text-stone-600`}>{product.slug}</td>
              <td className={cell}>
                <div className="flex justify-end gap-2">
                  <Link
                    to={`/admin/products/${product.id}`}
                    aria-label={`Edit ${product.name}`}
                    className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-50"
                  >
                    Edit
                  </Link>
                  <ConfirmButton
                    label="Delete"
                    question={`Delete “${product.name}”?`}
                    detail="The product, its images and its reviews are removed for good; carts holding it drop it. Orders keep their lines."
                    fields={{ intent: "delete", id: product.id, returnQuery }}
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
