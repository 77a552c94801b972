import { CURRENCIES, parseCurrency } from "@shop/core/pricing";
import { useCurrency } from "../lib/currency";

/** The display currency dropdown (EUR/USD), stored in this browser. */
export function CurrencySelect() {
  const { currency, setCurrency } = useCurrency();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="site-currency" className="text-sm font-medium text-stone-600">
        Currency
      </label>
      <select
        id="site-currency"
        name="currency"
        value={currency}
        onChange={(event) => setCurrency(parseCurrency(event.target.value))}
        className="h-9 rounded-md border border-stone-300 bg-white px-2 text-sm text-stone-900 hover:border-stone-400"
      >
        {CURRENCIES.map((option) => (
          <option key={option.name} value={option.name}>
            {option.name} {option.name === "EUR" ? "€" : "$"}
          </option>
        ))}
      </select>
    </div>
  );
}
