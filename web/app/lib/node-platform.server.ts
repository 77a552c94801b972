// What the site takes from @remix-run/node, Remix's Node platform: the signed cookie (HMAC-SHA256
// through cookie-signature, so every cookie signed before still verifies) and the stream that
// carries React's HTML into a Response. Imported from their own modules of the package, not
// from its index: the index also installs Remix's fetch polyfill and requires undici, and would
// bring both into the site's Lambda bundle, which answers on Node's own fetch classes
// (web/server/lambda-handler.ts, docs/decisions/022-lean-bundles.md). Everything else of Remix's
// server comes from @remix-run/server-runtime; lint keeps @remix-run/node's index out of the site.
export { createCookie } from "@remix-run/node/dist/implementations.js";
export { createReadableStreamFromReadable } from "@remix-run/node/dist/stream.js";
