import { CURRENCIES, parseCurrency } from "@shop/core/pricing";
import { useCurrency } from "../lib/currency";

/**
 * The display currency dropdown (docs/product.md §2 "Global layout"): EUR or USD, with the chosen
 * currency's flag beside it. A native select, so keyboard, screen readers and touch work as
 * everywhere; the choice is stored in this browser at once.
 */
export function CurrencySelect() {
  const { currency, setCurrency } = useCurrency();
  const option = CURRENCIES.find((entry) => entry.name === currency) ?? CURRENCIES[0];
  return (
    // Its own height, so it does not move when the select arrives after its label.
    <div className="flex h-10 items-center gap-2">
      <label
        htmlFor="site-currency"
        className="text-sm font-medium text-stone-600 lg:max-xl:sr-only"
      >
        Currency
      </label>
      <div className="relative">
        {option ? (
          <img
            src={option.flag}
            alt=""
            width={20}
            height={14}
            data-testid="currency-flag"
            className="pointer-events-none absolute top-1/2 left-2.5 h-3.5 w-5 -translate-y-1/2 rounded-[2px] object-cover ring-1 ring-stone-900/10"
          />
        ) : null}
        <select
          id="site-currency"
          name="currency"
          value={currency}
          onChange={(event) => setCurrency(parseCurrency(event.target.value))}
          className="h-9 appearance-none rounded-md border border-stone-300 bg-white pr-8 pl-9 text-sm font-medium text-stone-900 hover:border-stone-400"
        >
          {CURRENCIES.map((entry) => (
            <option key={entry.name} value={entry.name}>
              {entry.name} {entry.name === "EUR" ? "€" : "$"}
            </option>
          ))}
        </select>
        <svg
          viewBox="0 0 20 20"
          fill="currentColor"
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-2 size-4 -translate-y-1/2 text-stone-500"
        >
          <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
        </svg>
      </div>
    </div>
  );
}
