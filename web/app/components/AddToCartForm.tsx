import { type SizeTag, sizeName } from "@shop/core/catalog";
import { type FormEvent, useState } from "react";
import { addItem } from "../lib/cart";
import { showToast } from "../lib/toast";

/**
 * The size picker (a radio group, the first offered size chosen) and "Add to cart". The cart
 * lives in this browser (localStorage "cart"): a line holds the product id, the size and the
 * quantity only; the cart page re-reads prices from the server.
 */
export function AddToCartForm({
  productId,
  productName,
  sizes,
  initialSize,
}: {
  productId: string;
  productName: string;
  sizes: readonly SizeTag[];
  initialSize?: SizeTag;
}) {
  const [size, setSize] = useState<SizeTag | undefined>(
    initialSize && sizes.includes(initialSize) ? initialSize : sizes[0],
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!size) return;
    addItem({ productId, size });
    showToast({
      type: "success",
      title: "Added to cart",
      description: `${productName} (size ${size})`,
    });
  };

  return (
    // Without JavaScript this GET form keeps the chosen size in the URL; the cart needs JS.
    <form method="get" onSubmit={onSubmit} className="mt-8">
      <fieldset>
        <legend className="text-sm font-semibold text-stone-900">Size</legend>
        <div className="mt-3 flex flex-wrap gap-2">
          {sizes.map((tag) => (
            <label key={tag} className="relative">
              <input
                type="radio"
                name="size"
                value={tag}
                checked={size === tag}
                onChange={() => setSize(tag)}
                className="peer sr-only"
              />
              <span
                title={sizeName(tag)}
                className="grid h-11 min-w-14 cursor-pointer place-items-center rounded-md border border-stone-300 px-3 text-sm font-medium text-stone-800 peer-checked:border-stone-900 peer-checked:bg-stone-900 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-600 hover:border-stone-500"
              >
                {tag}
                <span className="sr-only"> ({sizeName(tag)})</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <button
        type="submit"
        disabled={!size}
        className="mt-6 h-12 w-full rounded-full bg-accent-600 px-6 text-base font-semibold text-white hover:bg-accent-700 disabled:opacity-50 sm:w-auto sm:min-w-60"
      >
        Add to cart
      </button>
    </form>
  );
}
