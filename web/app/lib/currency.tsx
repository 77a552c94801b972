// The display currency (docs/product.md §9: EUR by default, USD display-only), kept in localStorage.
// SSR-safe: the server and the first client render use EUR, so hydration matches; the stored
// choice is applied right after hydration and kept in step across tabs.
import { type Currency, DEFAULT_CURRENCY, parseCurrency } from "@shop/core/pricing";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";

export const CURRENCY_STORAGE_KEY = "currency";

interface CurrencyState {
  currency: Currency;
  setCurrency: (currency: Currency) => void;
}

const CurrencyContext = createContext<CurrencyState | null>(null);

function readStoredCurrency(): Currency {
  try {
    return parseCurrency(window.localStorage.getItem(CURRENCY_STORAGE_KEY));
  } catch {
    // Storage can be unavailable (privacy modes, blocked cookies): fall back to the default.
    return DEFAULT_CURRENCY;
  }
}

export function CurrencyProvider({ children }: { children: ReactNode }) {
  const [currency, setState] = useState<Currency>(DEFAULT_CURRENCY);

  useEffect(() => {
    setState(readStoredCurrency());
    const onStorage = (event: StorageEvent) => {
      if (event.key === CURRENCY_STORAGE_KEY || event.key === null) setState(readStoredCurrency());
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const setCurrency = useCallback((next: Currency) => {
    setState(next);
    try {
      window.localStorage.setItem(CURRENCY_STORAGE_KEY, next);
    } catch {
      // Not persisted; the choice still applies to this page.
    }
  }, []);

  const value = useMemo(() => ({ currency, setCurrency }), [currency, setCurrency]);
  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}

/** The current display currency and its setter. Use inside `<CurrencyProvider>` (the root). */
export function useCurrency(): CurrencyState {
  const state = useContext(CurrencyContext);
  if (!state) throw new Error("useCurrency() must be used inside <CurrencyProvider>");
  return state;
}
