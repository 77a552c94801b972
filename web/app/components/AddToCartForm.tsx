import { addedToCartText } from "@shop/core/cart";
import { COLOUR_PARAM, type SizeOption, type SizeTag } from "@shop/core/catalog";
import { availabilityLabel, OUT_OF_STOCK, type SizeAvailability } from "@shop/core/inventory";
import { type FormEvent, type ReactNode, useState } from "react";
import { addItem } from "../lib/cart";
import type { FormReply } from "../lib/forms";
import { showToast } from "../lib/toast";
import { TruckIcon } from "./ui-icons";

/**
 * The size picker of the chosen colour (a radio group, the first size in stock chosen) and "Add
 * to cart". Sizes are the product's scale's, labelled as the scale prints them ("M", "3–4 Y"),
 * with their full names for screen readers. Sold-out sizes stay visible, marked "Out of stock",
 * but cannot be chosen; a low size says how many are left; when every size of the colour is
 * sold out the button says "Out of stock" and cannot be pressed. The cart lives in this browser
 * (localStorage "cart"): a line holds the product id, the colour, the size and the quantity
 * only; the cart page re-reads prices (and what is left) from the server. Without JavaScript
 * the form posts to the page, whose action keeps the line in the `cart` cookie and comes back
 * with "Added to cart" (or the refusal, shown under the button).
 */
export function AddToCartForm({
  productId,
  productName,
  colour,
  sizes,
  availability,
  initialSize,
  onSize,
  answer,
  sizeGuide,
}: {
  productId: string;
  productName: string;
  /** The colourway chosen: its palette id and its name. */
  colour: { id: string; name: string | undefined };
  /** The product's sizes with their labels and names (the page's loader names them). */
  sizes: readonly SizeOption[];
  /** The chosen colour's availability, by size. */
  availability: Readonly<Record<string, SizeAvailability>>;
  initialSize?: SizeTag | undefined;
  /** A size chosen (the page keeps it in its URL). */
  onSize?: (size: SizeTag) => void;
  /** The action's refusal of a form posted without JavaScript. */
  answer?: { result?: FormReply } | undefined;
  /** Beside the picker: the size guide's link, for the size chosen. */
  sizeGuide?: (size: SizeTag | undefined) => ReactNode;
}) {
  const inStock = sizes
    .map((option) => option.tag)
    .filter((tag) => availability[tag]?.state !== "out");
  const [size, setSize] = useState<SizeTag | undefined>(
    initialSize && inStock.includes(initialSize) ? initialSize : inStock[0],
  );
  const chosen = size ? availability[size] : undefined;
  const label = chosen ? availabilityLabel(chosen) : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const option = sizes.find((entry) => entry.tag === size);
    if (!size || !option) return;
    addItem({ productId, colour: colour.id, size });
    showToast({
      type: "success",
      title: "Added to cart",
      description: addedToCartText(productName, colour.name, option.label),
    });
  };
  const errors = answer?.result?.error;
  const refusal = errors
    ? (errors.size ?? errors.colour ?? errors.cart ?? errors[""] ?? [])[0]
    : undefined;

  return (
    // Without JavaScript a plain POST to the page (docs/product.md §2 "Cart screens").
    <form method="post" onSubmit={onSubmit} className="mt-8">
      <input type="hidden" name="intent" value="add-to-cart" />
      <input type="hidden" name={COLOUR_PARAM} value={colour.id} />
      <fieldset className="relative">
        <legend className="text-sm font-semibold text-stone-900">Size</legend>
        {sizeGuide ? <div className="absolute top-0 right-0">{sizeGuide(size)}</div> : null}
        <div className="mt-3 flex flex-wrap gap-2">
          {sizes.map(({ tag, label: sizeLabel, name: sizeName }) => {
            const soldOut = availability[tag]?.state === "out";
            // The label shown is in the name read out: "3–4 Y (3–4 years (104 cm))".
            const spoken = [
              sizeName === sizeLabel ? "" : sizeName,
              soldOut ? OUT_OF_STOCK.toLowerCase() : "",
            ]
              .filter(Boolean)
              .join(", ");
            return (
              <label key={tag} className="relative">
                <input
                  type="radio"
                  name="size"
                  value={tag}
                  checked={size === tag}
                  disabled={soldOut}
                  onChange={() => {
                    setSize(tag);
                    onSize?.(tag);
                  }}
                  className="peer sr-only"
                />
                <span
                  title={soldOut ? `${sizeName}: ${OUT_OF_STOCK}` : sizeName}
                  className="grid h-11 min-w-14 cursor-pointer place-items-center rounded-md border border-stone-300 px-3 text-sm font-medium text-stone-800 peer-checked:border-stone-900 peer-checked:bg-stone-900 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-600 peer-disabled:cursor-not-allowed peer-disabled:border-dashed peer-disabled:text-stone-400 peer-disabled:line-through hover:border-stone-500"
                >
                  {sizeLabel}
                  {spoken ? <span className="sr-only"> ({spoken})</span> : null}
                </span>
                {soldOut ? (
                  <span
                    aria-hidden="true"
                    className="mt-1 block text-center text-xs font-medium text-amber-800"
                  >
                    {OUT_OF_STOCK}
                  </span>
                ) : null}
              </label>
            );
          })}
        </div>
      </fieldset>
      <p
        aria-live="polite"
        className={`mt-4 flex items-center gap-2 text-sm font-medium ${label || inStock.length === 0 ? "text-amber-800" : "text-accent-700"}`}
      >
        {inStock.length === 0 ? (
          OUT_OF_STOCK
        ) : label ? (
          label
        ) : (
          <>
            <TruckIcon className="size-5" />
            In stock and ready to ship
          </>
        )}
      </p>
      <button
        type="submit"
        disabled={!size}
        className="mt-4 h-12 w-full rounded-full bg-accent-600 px-6 text-base font-semibold text-white hover:bg-accent-700 disabled:cursor-not-allowed disabled:bg-stone-400 sm:w-auto sm:min-w-60"
      >
        {inStock.length === 0 ? OUT_OF_STOCK : "Add to cart"}
      </button>
      {refusal ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {refusal}
        </p>
      ) : null}
    </form>
  );
}
