// The page a shopper gets when a dependency of the shop (the table, S3, Stripe…) does not answer
// in time (core/src/context/deadlines.ts): 503 with Retry-After, the shop's look in one small
// self-contained document (no script, no request of its own), no stack trace, and what to do.
import { RETRY_AFTER_SECONDS } from "@shop/core/server/context";
import { SECURITY_HEADERS } from "./security-headers.ts";

export const UNAVAILABLE_TITLE = "We'll be right back";
export const UNAVAILABLE_MESSAGE =
  "Part of our shop is not answering right now. Please try again in a moment: nothing was charged, and your cart is kept in this browser.";
/** The same page when the shop was too busy (docs/decisions/034-busy-not-error.md). */
export const BUSY_TITLE = "We're very busy right now";
export const BUSY_MESSAGE =
  "So many people are shopping that we could not answer in time. Please try again in a moment: nothing was charged, and your cart is kept in this browser.";

/** Its own policy: inline styles only, nothing else may load or run. */
const UNAVAILABLE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

const htmlText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function unavailableHtml(shopName: string, retryPath: string, busy = false): string {
  const title = busy ? BUSY_TITLE : UNAVAILABLE_TITLE;
  const message = busy ? BUSY_MESSAGE : UNAVAILABLE_MESSAGE;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${htmlText(title)} | ${htmlText(shopName)}</title><style>
body{margin:0;font-family:ui-sans-serif,system-ui,sans-serif;background:#fafaf9;color:#1c1917;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{max-width:32rem;margin:1.5rem;padding:2rem;background:#fff;border:1px solid #e7e5e4;border-radius:1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}p{line-height:1.6;color:#44403c}
.shop{font-weight:600;letter-spacing:.02em;color:#57534e}
a{display:inline-block;margin-top:1rem;padding:.625rem 1.25rem;border-radius:999px;background:#1c1917;color:#fff;text-decoration:none;font-weight:600}
a:focus-visible{outline:3px solid #0369a1;outline-offset:2px}
</style></head><body><main><p class="shop">${htmlText(shopName)}</p><h1>${htmlText(title)}</h1><p>${htmlText(message)}</p><a href="${htmlText(retryPath)}">Try again</a></main></body></html>`;
}

/**
 * The whole 503 answer. `retryPath`: the page to try again (the request's own, for a GET);
 * `busy`: the shop was too busy, rather than a service not answering.
 */
export function unavailableResponse(shopName: string, retryPath: string, busy = false): Response {
  return new Response(unavailableHtml(shopName, retryPath, busy), {
    status: 503,
    headers: {
      ...SECURITY_HEADERS,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": UNAVAILABLE_CSP,
      "Cache-Control": "no-store",
      "Retry-After": String(RETRY_AFTER_SECONDS),
    },
  });
}
