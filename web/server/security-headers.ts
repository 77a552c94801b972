// The security headers of every response (docs/decisions/007-threat-model.md), in one place for
// the three that send them: the document and data responses of the Remix build
// (app/entry.server.tsx, locally and on Lambda), the shop's Node server for everything else it
// serves (web/server.ts: static files, resource routes, its own refusals), and CloudFront's
// response headers policy on AWS (stacks/Web.ts).
import { createHash, randomBytes } from "node:crypto";

/** Headers every response carries, whatever its kind. */
export const SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  // frame-ancestors 'none' in the CSP says the same to current browsers.
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  // Nothing in the shop uses these; payment stays open to Stripe's frames (wallet buttons).
  "Permissions-Policy":
    'camera=(), microphone=(), geolocation=(), usb=(), interest-cohort=(), payment=(self "https://js.stripe.com")',
} as const;

/** HSTS for production stages (2 years, sub-domains), sent by CloudFront only: never locally. */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;

/** The policy of anything that is not a page (data, files, errors from the server itself). */
export const BASELINE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Where Stripe's Payment Element loads from and talks to (Stripe's documented CSP). */
const STRIPE = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
  img: ["https://*.stripe.com"],
};

export interface DocumentPolicy {
  /**
   * What allows the page's inline scripts, and no others: this response's nonce (Remix's inline
   * scripts carry it), or, for a page a shared cache keeps and hands to every visitor, the hashes
   * of its inline scripts (`inlineScriptHashes`): a nonce seen by everyone is no nonce.
   */
  scripts: { nonce: string } | { hashes: readonly string[] };
  /** The page runs Stripe's Payment Element (the checkout with Stripe payments). */
  stripe: boolean;
  /** Where product images are served from when not the shop itself (IMAGES_BASE_URL). */
  imagesOrigin?: string | null;
  /**
   * The images bucket the admin's product form POSTs photos to
   * (docs/decisions/031-direct-photo-uploads.md): a connect-src of every page, since a
   * client-side navigation to the form keeps the policy of the page it started from. Writing
   * there takes a policy the site signed.
   */
  uploadOrigin?: string | null;
  /** npm run dev: Vite's hot-reload websocket (its default port, on this machine). */
  devServer?: boolean;
  /**
   * Origins besides the shop's own that a form of the page leads to, through a redirect the
   * browser follows itself (the order export's link to S3): CSP's form-action covers redirects.
   */
  formTargets?: readonly string[];
}

/** Where the hot-reload client of Vite's dev server connects (npm run dev only). */
export const DEV_SERVER_CONNECT = ["ws://localhost:24678", "ws://127.0.0.1:24678"];

/** The Content-Security-Policy of a page. */
export function documentCsp(policy: DocumentPolicy): string {
  const withStripe = (own: string[], stripe: string[]) => [
    ...own,
    ...(policy.stripe ? stripe : []),
  ];
  const images = [
    "'self'",
    "data:",
    "blob:",
    ...(policy.imagesOrigin ? [policy.imagesOrigin] : []),
  ];
  const directives: Array<[string, string[]]> = [
    ["default-src", ["'self'"]],
    [
      "script-src",
      withStripe(
        [
          "'self'",
          ...("nonce" in policy.scripts
            ? [`'nonce-${policy.scripts.nonce}'`]
            : policy.scripts.hashes),
        ],
        STRIPE.script,
      ),
    ],
    // React writes style attributes; no script can run from a style.
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", withStripe(images, STRIPE.img)],
    ["font-src", ["'self'"]],
    [
      "connect-src",
      withStripe(
        [
          "'self'",
          ...(policy.uploadOrigin ? [policy.uploadOrigin] : []),
          ...(policy.devServer ? DEV_SERVER_CONNECT : []),
        ],
        STRIPE.connect,
      ),
    ],
    ["frame-src", policy.stripe ? STRIPE.frame : ["'none'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["form-action", ["'self'", ...(policy.formTargets ?? [])]],
    ["frame-ancestors", ["'none'"]],
    ["manifest-src", ["'self'"]],
  ];
  // (No upgrade-insecure-requests: HSTS does that job on production, and a page reached over
  // plain http, as behind a local proxy, would lose its own scripts to it.)
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}

/** The origin of a URL, or null (an unset or malformed IMAGES_BASE_URL adds nothing). */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const { origin } = new URL(url);
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/** Sets the headers every response carries, and `csp`, where the response has none of its own. */
export function applySecurityHeaders(headers: Headers, csp: string): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", csp);
}

/**
 * The CSP sources ('sha256-…') of a document's inline scripts: every `<script>` without `src`
 * whose type runs (not a data block such as JSON-LD), hashed over its text as the browser reads
 * it. React writes the document, so a script's text never holds `</script` (it is escaped).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && !EXECUTABLE_TYPES.has(type)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const EXECUTABLE_TYPES = new Set(["module", "text/javascript", "application/javascript"]);

/** A fresh nonce for one response (128 random bits). */
export const newNonce = (): string => randomBytes(16).toString("base64");
