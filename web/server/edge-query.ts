// The query-string half of the shared cache's key (docs/decisions/018-edge-cache.md, "The cache
// key"). On a public, shared-cacheable page, a GET or HEAD keeps only the parameters the page
// reads, the first value of each, sorted by name: `?sort=price-asc&category=men`,
// `?category=men&sort=price-asc` and `?category=men&sort=price-asc&utm_source=x` become one
// cache entry and one request to the site. Every other path (sign-in, cart, checkout, account,
// admin, order, newsletter…) is left exactly as sent: its tokens and redirectTo must reach the
// site, and its answers are never shared-cached anyway.
//
// One rule, two versions: normaliseQuery for Node (the local shared-cache stand-in) and
// CLOUDFRONT_QUERY_NORMALISER, injected by stacks/Web.ts into the site's viewer-request
// CloudFront Function (on AWS the request never meets Node before the cache). Both are built
// from PUBLIC_QUERY_RULES; the unit test runs both over the same cases.
//
// Names are taken as the viewer spelled them (percent-encoded): a name is kept only when spelled
// exactly as the page reads it. A kept value is passed on unchanged, except a search text
// (`search` on the catalogue, `q` on the live search), written as the site reads it: control
// characters out, spaces collapsed, trimmed, cut to 100 characters, lower case (the rule of
// normalizeSearch in core/src/search/text.ts), so "Linen  Shirt" and "linen shirt" are one entry;
// an empty one is dropped. A value the page reads only in a few spellings (the product page's
// `photo`, 1 to 10: PHOTO_VALUE of core/src/catalog/photos.ts) is kept only when, decoded, it is
// one of them, written plainly; any other value is dropped, so `?photo=` makes at most ten
// copies of a page however it is spelled. The same holds for the colour and size a product page
// is on (COLOUR_VALUE, SIZE_VALUE of core/src/catalog/product-choice.ts): `colour` is lower-cased
// first, as the page reads it, and kept only as a palette id; `size` only as a tag of a scale.

import {
  CATALOG_COLOUR_VALUE,
  CATALOG_FAMILY_VALUE,
  CATALOG_SIZE_VALUE,
  COLOUR_PARAM,
  COLOUR_VALUE,
  PHOTO_PARAM,
  PHOTO_VALUE,
  SIZE_PARAM,
  SIZE_VALUE,
} from "@shop/core/catalog";

interface QueryRule {
  /** The paths (as sent, percent-encoded) of one public page, its `.data` URL included. */
  path: RegExp;
  /** The parameters the page reads; everything else is dropped. */
  reads: readonly string[];
  /** Those that hold a search text, normalised as the site reads it. */
  texts?: readonly string[];
  /** Those kept only when their decoded value matches (then written decoded); else dropped. */
  values?: Readonly<Record<string, RegExp>>;
  /** Of `values`, those whose decoded value is lower-cased before the check. */
  lowered?: readonly string[];
}

/**
 * The public, shared-cacheable pages and the parameters each reads: the one list. A page that
 * starts reading a parameter must list it here, or the edge drops it before the site sees it.
 * `<page>.data` is the page's single-fetch data URL (`/_root.data` for `/`); on it Remix also
 * reads `_routes` (which loaders to run), kept on every `.data` path (DATA_READS).
 */
export const PUBLIC_QUERY_RULES: readonly QueryRule[] = [
  // Home.
  { path: /^\/(?:_root\.data)?$/, reads: [] },
  // The catalogue: core/src/catalog/query.ts, parseCatalogQuery; a colour, a family and a size
  // only as it reads them (CATALOG_*_VALUE), so they make at most one copy per value.
  {
    path: /^\/product(?:\/|\.data)?$/,
    reads: [
      "category",
      "colour",
      "family",
      "page",
      "price",
      "sale",
      "search",
      "size",
      "sort",
      "stock",
    ],
    texts: ["search"],
    values: {
      colour: CATALOG_COLOUR_VALUE,
      family: CATALOG_FAMILY_VALUE,
      size: CATALOG_SIZE_VALUE,
    },
  },
  // A product page (web/app/routes/product.$slug.tsx): the colour and size chosen and the photo
  // it opens on (core/src/catalog/product-choice.ts, photos.ts), the page of reviews, the review
  // dialog (WRITE_REVIEW_PARAM of web/app/components/ReviewDialog.tsx).
  {
    path: /^\/product\/[^/]+\/?$/,
    reads: ["colour", "photo", "reviews", "size", "write-review"],
    values: { [COLOUR_PARAM]: COLOUR_VALUE, [PHOTO_PARAM]: PHOTO_VALUE, [SIZE_PARAM]: SIZE_VALUE },
    lowered: [COLOUR_PARAM],
  },
  // The navbar's live search (web/app/routes/api.search.ts).
  { path: /^\/api\/search(?:\.data)?$/, reads: ["q"], texts: ["q"] },
  // The static pages.
  { path: /^\/(?:company|customer-service)(?:\/[^/]+)?(?:\/|\.data)?$/, reads: [] },
  // Search engines' files.
  { path: /^\/(?:robots\.txt|sitemap\.xml|sitemap\/[^/]+)$/, reads: [] },
];

/** What Remix itself reads on a single-fetch data URL (`*.data`). */
const DATA_READS = ["_routes"];

/** The parameters kept on this path, sorted; undefined when the path is not a public page. */
function ruleOf(pathname: string): QueryRule | undefined {
  return PUBLIC_QUERY_RULES.find(({ path }) => path.test(pathname));
}

function keptBy(rule: QueryRule, pathname: string): string[] {
  return [...rule.reads, ...(pathname.endsWith(".data") ? DATA_READS : [])].sort();
}

/**
 * Control and invisible format characters taken out of a search text: the same class as
 * SEARCH_CONTROL_CLASS in core/src/search/text.ts (the unit test checks they agree).
 */
const SEARCH_CONTROLS =
  "\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2064\\ufeff";
const SEARCH_MAX = 100;

/**
 * A search text's value (percent-encoded, `+` for a space) as the site reads it, re-encoded;
 * "" when it is empty. A value that is not valid percent-encoding is left as sent.
 */
export function normaliseSearchValue(value: string): string {
  let text: string;
  try {
    text = decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return value;
  }
  text = text
    .replace(new RegExp(`[${SEARCH_CONTROLS}]`, "g"), " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, SEARCH_MAX)
    .trim()
    .toLowerCase();
  return encodeURIComponent(text);
}

/**
 * A value kept only in the spellings `pattern` matches: decoded (and lower-cased when `lower`),
 * or "" when it is none of them.
 */
export function allowedValue(value: string, pattern: RegExp, lower = false): string {
  let text: string;
  try {
    text = decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return "";
  }
  if (lower) text = text.toLowerCase();
  return pattern.test(text) ? encodeURIComponent(text) : "";
}

/**
 * The query string a shared cache keys a GET or HEAD on, and the site receives: `search`
 * (`""` or `"?…"`, as in URL#search) unchanged on a path that is not a public page; otherwise
 * `""` or `"?a=1&b=2"`, only the parameters the page reads, the first value of each, by name.
 */
export function normaliseQuery(pathname: string, search: string): string {
  const rule = ruleOf(pathname);
  if (!rule) return search;
  const kept = keptBy(rule, pathname);
  const first = new Map<string, string>();
  for (const pair of search.replace(/^\?/, "").split("&")) {
    const at = pair.indexOf("=");
    const name = at < 0 ? pair : pair.slice(0, at);
    if (kept.includes(name) && !first.has(name)) first.set(name, at < 0 ? "" : pair.slice(at + 1));
  }
  for (const name of rule.texts ?? []) {
    const value = first.get(name);
    if (value === undefined) continue;
    const text = normaliseSearchValue(value);
    if (text === "") first.delete(name);
    else first.set(name, text);
  }
  for (const [name, pattern] of Object.entries(rule.values ?? {})) {
    const value = first.get(name);
    if (value === undefined) continue;
    const allowed = allowedValue(value, pattern, rule.lowered?.includes(name));
    if (allowed === "") first.delete(name);
    else first.set(name, allowed);
  }
  const pairs = kept.filter((name) => first.has(name)).map((name) => `${name}=${first.get(name)}`);
  return pairs.length > 0 ? `?${pairs.join("&")}` : "";
}

/**
 * The same rule for CloudFront (viewer-request function, ES5.1: cloudfront-js-1.0), where
 * `request.querystring` is `{ name: { value, multiValue? } }` with the first value in `value`.
 * Only GET and HEAD are normalised: a write's query string is the site's business.
 */
export const CLOUDFRONT_QUERY_NORMALISER = `
var shopQueryRules = [${PUBLIC_QUERY_RULES.map(
  ({ path, reads, texts, values, lowered }) =>
    `[${path.toString()}, ${JSON.stringify(reads)}, ${JSON.stringify(texts ?? [])}, {${Object.entries(
      values ?? {},
    )
      .map(([name, pattern]) => `${JSON.stringify(name)}: ${pattern.toString()}`)
      .join(", ")}}, ${JSON.stringify(lowered ?? [])}]`,
).join(", ")}];
var shopSearchControls = new RegExp("[${SEARCH_CONTROLS}]", "g");
function shopSearchValue(value) {
  var text;
  try {
    text = decodeURIComponent(value.replace(/\\+/g, " "));
  } catch (e) {
    return value;
  }
  text = text.replace(shopSearchControls, " ").replace(/\\s+/g, " ").trim().slice(0, ${SEARCH_MAX}).trim().toLowerCase();
  return encodeURIComponent(text);
}
function shopAllowedValue(value, pattern, lower) {
  var text;
  try {
    text = decodeURIComponent(value.replace(/\\+/g, " "));
  } catch (e) {
    return "";
  }
  if (lower) text = text.toLowerCase();
  return pattern.test(text) ? encodeURIComponent(text) : "";
}
if (request.method === "GET" || request.method === "HEAD") {
  var shopKept = null;
  var shopTexts = [];
  var shopValues = {};
  var shopLowered = [];
  for (var shopRule = 0; shopRule < shopQueryRules.length; shopRule++) {
    if (shopQueryRules[shopRule][0].test(request.uri)) {
      shopKept = shopQueryRules[shopRule][1];
      shopTexts = shopQueryRules[shopRule][2];
      shopValues = shopQueryRules[shopRule][3];
      shopLowered = shopQueryRules[shopRule][4];
      break;
    }
  }
  if (shopKept) {
    if (/\\.data$/.test(request.uri)) shopKept = shopKept.concat(${JSON.stringify(DATA_READS)});
    shopKept = shopKept.slice().sort();
    var shopQueryIn = request.querystring || {};
    var shopQueryOut = {};
    for (var shopName = 0; shopName < shopKept.length; shopName++) {
      var shopParam = shopKept[shopName];
      if (Object.prototype.hasOwnProperty.call(shopQueryIn, shopParam)) {
        var shopValue = shopQueryIn[shopParam];
        var shopFirst = shopValue.multiValue && shopValue.multiValue.length > 0 ? shopValue.multiValue[0].value : shopValue.value;
        var shopChecked = Object.prototype.hasOwnProperty.call(shopValues, shopParam);
        if (shopTexts.indexOf(shopParam) >= 0) shopFirst = shopSearchValue(shopFirst);
        if (shopChecked) shopFirst = shopAllowedValue(shopFirst, shopValues[shopParam], shopLowered.indexOf(shopParam) >= 0);
        if (shopFirst !== "" || (shopTexts.indexOf(shopParam) < 0 && !shopChecked)) shopQueryOut[shopParam] = { value: shopFirst };
      }
    }
    request.querystring = shopQueryOut;
  }
}`;
