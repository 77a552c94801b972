// The cart badge's item count. The cart lives in this browser's localStorage (key "cart"), so
// the count is read on the client only: the server renders 0 and the page stays cacheable.
import { CART_STORAGE_KEY, countItems, parseCart } from "@shop/core/cart";
import { useEffect, useState } from "react";

/**
 * Fired on `window` by code that changes the stored cart in this tab (the `storage` event only
 * reaches other tabs). Call `notifyCartChange()` after writing the cart.
 */
export const CART_CHANGE_EVENT = "shop:cart-change";

export function notifyCartChange(): void {
  window.dispatchEvent(new Event(CART_CHANGE_EVENT));
}

function readCartCount(): number {
  try {
    return countItems(parseCart(window.localStorage.getItem(CART_STORAGE_KEY)));
  } catch {
    return 0;
  }
}

/** The number of items in the stored cart; 0 on the server and the first render. */
export function useCartCount(): number {
  const [count, setCount] = useState(0);

  useEffect(() => {
    const refresh = () => setCount(readCartCount());
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY || event.key === null) refresh();
    };
    refresh();
    window.addEventListener("storage", onStorage);
    window.addEventListener(CART_CHANGE_EVENT, refresh);
    return () => {
      window.removeEventListener("storage", onStorage);
      window.removeEventListener(CART_CHANGE_EVENT, refresh);
    };
  }, []);

  return count;
}
