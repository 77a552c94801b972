import { STOCK_MAX, sizeLabel, suggestSku, variantField } from "@shop/core/catalog";
import type { ColourwayEntry } from "./ColourwaysField";
import { colourName } from "./ColourwaysField";

/** One variant's cells as typed; `sku` undefined: the suggested one (it follows the slug). */
export interface CellEntry {
  stock: string;
  sku?: string;
  gtin: string;
}

/** The page's key of a cell: its colourway's own id and the size (a renamed colour keeps it). */
export const cellKey = (colourway: string, size: string) => `${colourway}|${size}`;

const cellInput =
  "block w-full min-w-0 rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm text-stone-900 focus:border-accent-600 focus:outline-2 focus:outline-accent-600 aria-[invalid=true]:border-red-600";

/**
 * The stock grid (docs/product.md §10 "Products"): per colourway a table of its sizes, each
 * variant with its units ("Stock Navy M"), its SKU ("SKU Navy M", the suggested one until edited)
 * and its optional barcode ("GTIN Navy M"), each with the server's error under it. The units the
 * form showed ride along (a save keeps sales made meanwhile, docs/product.md §9 "Stock").
 */
export function VariantGrid({
  colourways,
  sizes,
  slug,
  cells,
  shown,
  errorOf,
  onCell,
}: {
  colourways: readonly ColourwayEntry[];
  sizes: readonly string[];
  slug: string;
  cells: Readonly<Record<string, CellEntry>>;
  /** The units each variant (by colour and size) had when the form was shown. */
  shown: (colour: string, size: string) => number;
  errorOf: (field: string) => string | undefined;
  onCell: (key: string, cell: CellEntry) => void;
}) {
  if (colourways.length === 0 || sizes.length === 0) return null;
  return (
    // min-w-0: a fieldset is at least as wide as its content (the browsers' own style), and so
    // was the form's grid column: at 375 px the tables' 28rem widened the page. Now each table
    // scrolls inside its own box and the page never sideways.
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-stone-800">Stock, SKU and barcode</legend>
      <p className="mt-1 text-xs text-stone-500">
        Units on hand per colour and size. Sales made while you edit are kept: the change you type
        is applied to the count as it is when you save. Each SKU is unique across the shop
        (upper-case letters, digits and hyphens); the barcode (GTIN) is optional.
      </p>
      {colourways.map((entry) => {
        const name = colourName(entry.colour);
        return (
          <div key={entry.id} className="mt-3" data-testid="variant-grid">
            {/* The colour's name stays in view while its table scrolls sideways on a phone. */}
            <p id={`grid-${entry.id}`} className="py-1 text-sm font-medium text-stone-800">
              {name}
            </p>
            <div className="overflow-x-auto">
              <table
                aria-labelledby={`grid-${entry.id}`}
                className="w-full min-w-[28rem] border-collapse text-left text-sm"
              >
                <thead>
                  <tr className="text-stone-600">
                    <th scope="col" className="w-20 py-1 pr-2 font-medium">
                      Size
                    </th>
                    <th scope="col" className="w-24 py-1 pr-2 font-medium">
                      Stock
                    </th>
                    <th scope="col" className="py-1 pr-2 font-medium">
                      SKU
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      Barcode (GTIN)
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {sizes.map((size) => {
                    const key = cellKey(entry.id, size);
                    const cell = cells[key] ?? { stock: "0", gtin: "" };
                    const label = `${name} ${sizeLabel(size)}`;
                    const field = (kind: "stock" | "sku" | "gtin") =>
                      variantField(kind, entry.colour, size);
                    const input = (
                      kind: "stock" | "sku" | "gtin",
                      value: string,
                      change: (value: string) => CellEntry,
                      extra: Record<string, unknown>,
                    ) => {
                      const error = errorOf(field(kind));
                      const id = `${kind}-${key}`;
                      return (
                        <td className="py-1 pr-2 align-top">
                          <input
                            id={id}
                            name={field(kind)}
                            value={value}
                            aria-label={`${kind === "stock" ? "Stock" : kind === "sku" ? "SKU" : "GTIN"} ${label}`}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `${id}-error` : undefined}
                            onChange={(event) => onCell(key, change(event.target.value))}
                            className={cellInput}
                            {...extra}
                          />
                          {error ? (
                            <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
                              {error}
                            </p>
                          ) : null}
                        </td>
                      );
                    };
                    return (
                      <tr key={size} className="border-t border-stone-100">
                        <th scope="row" className="py-1 pr-2 align-top font-normal">
                          {sizeLabel(size)}
                          <input
                            type="hidden"
                            name={variantField("shown", entry.colour, size)}
                            value={shown(entry.colour, size)}
                          />
                        </th>
                        {input("stock", cell.stock, (stock) => ({ ...cell, stock }), {
                          type: "number",
                          inputMode: "numeric",
                          min: 0,
                          max: STOCK_MAX,
                          step: 1,
                        })}
                        {input(
                          "sku",
                          // Until edited, the suggested one (none yet without a slug: the server's).
                          cell.sku ?? (slug ? suggestSku(slug, entry.colour, size) : ""),
                          (sku) => ({ ...cell, sku }),
                          {
                            maxLength: 64,
                            spellCheck: false,
                            autoCapitalize: "characters",
                            placeholder: "Made from the slug",
                          },
                        )}
                        {input("gtin", cell.gtin, (gtin) => ({ ...cell, gtin }), {
                          inputMode: "numeric",
                          maxLength: 14,
                        })}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
