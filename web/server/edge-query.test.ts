import {
  catalogQueryToSearchParams,
  MAX_IMAGES,
  openingPhoto,
  PALETTE,
  PHOTO_PARAM,
  parseCatalogQuery,
  productChoice,
} from "@shop/core/catalog";
import { normalizeSearch } from "@shop/core/search";
import { describe, expect, it } from "vitest";
import { CLOUDFRONT_QUERY_NORMALISER, normaliseQuery, normaliseSearchValue } from "./edge-query.ts";

type CfQuery = Record<string, { value: string; multiValue?: Array<{ value: string }> }>;

// The CloudFront version, run the way CloudFront runs a viewer-request function.
const cloudFront = new Function(
  "event",
  `var request = event.request;${CLOUDFRONT_QUERY_NORMALISER}\nreturn request;`,
) as (event: unknown) => { querystring: CfQuery };

/** CloudFront's `querystring` for a query as the viewer sent it (names and values as spelled). */
function cfQuery(search: string): CfQuery {
  const query: CfQuery = {};
  for (const pair of search.replace(/^\?/, "").split("&")) {
    if (!pair) continue;
    const at = pair.indexOf("=");
    const [name, value] = at < 0 ? [pair, ""] : [pair.slice(0, at), pair.slice(at + 1)];
    const seen = query[name];
    if (!seen) query[name] = { value };
    else seen.multiValue = [...(seen.multiValue ?? [{ value: seen.value }]), { value }];
  }
  return query;
}

/** The query string CloudFront sends on (and keys on) after the function. */
function atCloudFront(pathname: string, search: string, method = "GET"): string {
  const { querystring } = cloudFront({
    request: { method, uri: pathname, querystring: cfQuery(search), headers: {}, cookies: {} },
  });
  const pairs = Object.entries(querystring).flatMap(([name, v]) =>
    (v.multiValue && v.multiValue.length > 0 ? v.multiValue : [v]).map(
      ({ value }) => `${name}=${value}`,
    ),
  );
  return pairs.length > 0 ? `?${pairs.join("&")}` : "";
}

const CATALOGUE = "?category=men&page=2&price=25-50&search=shirt&sort=price-asc&stock=in";

const CASES: Array<[string, string, string, string]> = [
  // [case, path, query as sent, query kept]
  [
    "catalogue: sorted by name",
    "/product",
    "?sort=price-asc&category=men",
    "?category=men&sort=price-asc",
  ],
  [
    "catalogue: on sale, by the biggest discount",
    "/product",
    "?sort=discount&sale=on&utm_source=x",
    "?sale=on&sort=discount",
  ],
  [
    "catalogue: unread parameters dropped",
    "/product",
    "?category=men&sort=price-asc&utm_source=x&fbclid=1",
    "?category=men&sort=price-asc",
  ],
  [
    "catalogue: every parameter it reads",
    "/product",
    "?stock=in&search=shirt&sort=price-asc&price=25-50&page=2&category=men",
    CATALOGUE,
  ],
  [
    "catalogue: the first of repeated values",
    "/product",
    "?page=3&page=2&category=men",
    "?category=men&page=3",
  ],
  ["catalogue: nothing it reads", "/product", "?utm_source=x&gclid=abc", ""],
  [
    "catalogue: a colour, a family and a size as it reads them",
    "/product",
    "?size=3-4y&family=blue&colour=heather-grey",
    "?colour=heather-grey&family=blue&size=3-4y",
  ],
  [
    "catalogue: a colour, a family or a size it does not read is dropped",
    "/product",
    "?colour=Navy&family=teal&size=XXXL&category=men",
    "?category=men",
  ],
  ["catalogue: no query at all", "/product", "", ""],
  ["catalogue: trailing slash", "/product/", "?sort=rating&ref=mail", "?sort=rating"],
  [
    "catalogue: values stay as spelled",
    "/product",
    "?category=MEN&search=caf%C3%A9%20noir&x=1",
    "?category=MEN&search=caf%C3%A9%20noir",
  ],
  ["catalogue: an empty value is still a value", "/product", "?price=&stock", "?price=&stock="],
  [
    "catalogue: the search in lower case, spaces collapsed",
    "/product",
    "?search=%20Linen++SHIRT%09&sort=rating",
    "?search=linen%20shirt&sort=rating",
  ],
  ["catalogue: an empty search is no search", "/product", "?search=+%20&stock", "?stock="],
  [
    "catalogue: control characters out of the search",
    "/product",
    "?search=jack%00et%E2%80%8B%20",
    "?search=jack%20et",
  ],
  [
    "catalogue: a search cut to 100 characters",
    "/product",
    `?search=${"a".repeat(150)}`,
    `?search=${"a".repeat(100)}`,
  ],
  [
    "catalogue: a search that is not valid percent-encoding is left as sent",
    "/product",
    "?search=%E0%A4%A",
    "?search=%E0%A4%A",
  ],
  [
    "catalogue: names are case-sensitive",
    "/product",
    "?Sort=rating&sort=name-asc",
    "?sort=name-asc",
  ],
  [
    "catalogue data: keeps _routes",
    "/product.data",
    "?sort=rating&_routes=routes%2Fproduct._index&utm_medium=x",
    "?_routes=routes%2Fproduct._index&sort=rating",
  ],
  [
    "catalogue data: drops Remix's ?index on a read",
    "/product.data",
    "?index&category=men",
    "?category=men",
  ],
  [
    "product page: photo, size, reviews, review dialog",
    "/product/linen-shirt",
    "?write-review=1&size=M&reviews=abc&utm_campaign=z&photo=3",
    "?photo=3&reviews=abc&size=M&write-review=1",
  ],
  ["product page: drops the rest", "/product/linen-shirt", "?color=red", ""],
  ["product page: photo 1", "/product/linen-shirt", "?photo=1", "?photo=1"],
  [
    "product page: photo 10, the last a product has",
    "/product/linen-shirt",
    "?photo=10",
    "?photo=10",
  ],
  ["product page: photo 0 dropped", "/product/linen-shirt", "?photo=0&size=M", "?size=M"],
  ["product page: photo 11 dropped", "/product/linen-shirt", "?photo=11", ""],
  ["product page: photo 99 dropped", "/product/linen-shirt", "?photo=99", ""],
  ["product page: photo 1e3 dropped", "/product/linen-shirt", "?photo=1e3", ""],
  ["product page: photo 01 dropped", "/product/linen-shirt", "?photo=01", ""],
  ["product page: photo abc dropped", "/product/linen-shirt", "?photo=abc", ""],
  ["product page: photo -1 dropped", "/product/linen-shirt", "?photo=-1", ""],
  ["product page: photo +2 dropped", "/product/linen-shirt", "?photo=+2", ""],
  ["product page: an empty photo dropped", "/product/linen-shirt", "?photo=&size=S", "?size=S"],
  ["product page: a photo without a value dropped", "/product/linen-shirt", "?photo", ""],
  [
    "product page: the first of repeated photos",
    "/product/linen-shirt",
    "?photo=3&photo=4",
    "?photo=3",
  ],
  [
    "product page: repeated photos, the first not one",
    "/product/linen-shirt",
    "?photo=x&photo=4",
    "",
  ],
  [
    "product page: a photo percent-encoded, written plainly",
    "/product/linen-shirt",
    "?photo=%32",
    "?photo=2",
  ],
  [
    "product page: a photo that is not valid percent-encoding",
    "/product/linen-shirt",
    "?photo=%E0%A4%A",
    "",
  ],
  [
    "product page data: photo checked too",
    "/product/linen-shirt.data",
    "?photo=500&_routes=x",
    "?_routes=x",
  ],
  ["product page: a colour", "/product/pique-polo-shirt", "?colour=navy&utm=1", "?colour=navy"],
  [
    "product page: a colour lower-cased, with its size",
    "/product/pique-polo-shirt",
    "?size=M&colour=NaVy",
    "?colour=navy&size=M",
  ],
  [
    "product page: a colour of two words",
    "/product/x",
    "?colour=heather-grey",
    "?colour=heather-grey",
  ],
  ["product page: a colour percent-encoded", "/product/x", "?colour=%4Eavy", "?colour=navy"],
  [
    "product page: a colour not in the palette dropped",
    "/product/x",
    "?colour=navyy&size=M",
    "?size=M",
  ],
  ["product page: a colourway's stock key dropped", "/product/x", "?colour=navy%2FM", ""],
  ["product page: an empty colour dropped", "/product/x", "?colour=", ""],
  [
    "product page: the first of repeated colours",
    "/product/x",
    "?colour=navy&colour=forest",
    "?colour=navy",
  ],
  ["product page: a size of another scale kept", "/product/x", "?size=3-4y", "?size=3-4y"],
  [
    "product page: a size in the wrong case dropped",
    "/product/x",
    "?size=m&colour=forest",
    "?colour=forest",
  ],
  ["product page: a size on no scale dropped", "/product/x", "?size=XXXL", ""],
  [
    "product page data: colour and size checked too",
    "/product/x.data",
    "?colour=Forest&size=zz&_routes=x",
    "?_routes=x&colour=forest",
  ],
  [
    "product page data",
    "/product/linen-shirt.data",
    "?size=L&_routes=routes%2Fproduct.%24slug&ref=x",
    "?_routes=routes%2Fproduct.%24slug&size=L",
  ],
  [
    "product page: _routes means nothing on a document",
    "/product/linen-shirt",
    "?_routes=x&size=S",
    "?size=S",
  ],
  ["search API", "/api/search", "?q=shirt&_=123", "?q=shirt"],
  [
    "search API: the text normalised",
    "/api/search",
    "?q=Womens%20%20Dresses",
    "?q=womens%20dresses",
  ],
  ["home", "/", "?utm_source=newsletter", ""],
  ["home data", "/_root.data", "?_routes=root&utm_source=x", "?_routes=root"],
  ["a static page", "/company/who-we-are", "?utm_source=x", ""],
  [
    "a static page's data",
    "/customer-service/faq.data",
    "?_routes=routes%2Fcustomer-service.faq&ref=1",
    "?_routes=routes%2Fcustomer-service.faq",
  ],
  ["a section's index", "/customer-service", "?ref=footer", ""],
  ["robots.txt", "/robots.txt", "?x=1", ""],
  ["sitemap.xml", "/sitemap.xml", "?x=1", ""],
  ["a sitemap part", "/sitemap/2.xml", "?x=1", ""],
  // Not public: left exactly as sent.
  [
    "sign-in keeps redirectTo",
    "/auth/sign-in",
    "?redirectTo=%2Fcart%3Fx%3D1&utm_source=x",
    "?redirectTo=%2Fcart%3Fx%3D1&utm_source=x",
  ],
  [
    "reset password keeps its token",
    "/auth/reset-password",
    "?token=abc&b=2&a=1",
    "?token=abc&b=2&a=1",
  ],
  ["email confirmation", "/auth/confirm-email", "?token=t1&token=t2", "?token=t1&token=t2"],
  [
    "newsletter unsubscribe",
    "/user/unsubscribe-newsletter",
    "?email=a%40b.c&token=t",
    "?email=a%40b.c&token=t",
  ],
  ["order confirmation", "/order/confirm-order", "?id=o1&z=1", "?id=o1&z=1"],
  ["cart API", "/api/cart", "?ids=a&ids=b", "?ids=a&ids=b"],
  ["admin", "/admin/list-products", "?search=x&category=men", "?search=x&category=men"],
  ["lazy route discovery", "/__manifest", "?p=%2Fproduct&version=abc", "?p=%2Fproduct&version=abc"],
  ["a path that only starts like a public one", "/products", "?utm=1", "?utm=1"],
  ["deeper than a product", "/product/a/b", "?utm=1", "?utm=1"],
  ["an unknown top-level page", "/whatever", "?b=2&a=1", "?b=2&a=1"],
];

describe("the query string a shared cache keys a page on", () => {
  it.each(CASES)("%s: Node and CloudFront agree", (_, path, sent, kept) => {
    expect(normaliseQuery(path, sent)).toBe(kept);
    expect(atCloudFront(path, sent)).toBe(kept);
  });

  it("one entry for the same page however its query is written", () => {
    const spellings = [
      "?sort=price-asc&category=men",
      "?category=men&sort=price-asc",
      "?category=men&sort=price-asc&utm_source=x",
    ];
    const keys = new Set(
      spellings.flatMap((s) => [normaliseQuery("/product", s), atCloudFront("/product", s)]),
    );
    expect([...keys]).toEqual(["?category=men&sort=price-asc"]);
  });

  it("keeps every parameter of the catalogue's own links, and the page reads it the same", () => {
    const links = catalogQueryToSearchParams({
      category: "Men",
      price: "25-50",
      sort: "rating",
      search: "linen shirt",
      inStock: true,
      colour: "heather-grey",
      size: "3-4y",
      page: 2,
    });
    const sent = `?utm_source=x&${links}`;
    const kept = normaliseQuery("/product", sent);
    expect([...new URLSearchParams(kept).keys()].sort()).toEqual([...links.keys()].sort());
    expect(parseCatalogQuery(new URLSearchParams(kept))).toEqual(
      parseCatalogQuery(new URLSearchParams(sent)),
    );
  });

  it("writes a search text as core's normalizeSearch reads it", () => {
    const texts = [
      "  Linen   SHIRT ",
      "T\u0000shirt\u200b\u00ad",
      "Piqué Polo",
      "women's\tjacket\n",
      "x".repeat(150),
      "  ",
      "ÀÉÎ ß ǅ",
      "a+b&c=d",
    ];
    for (const text of texts) {
      const sent = `?search=${encodeURIComponent(text)}`;
      const expected = normalizeSearch(text);
      const want = expected ? `?search=${encodeURIComponent(expected)}` : "";
      expect(normaliseQuery("/product", sent)).toBe(want);
      expect(atCloudFront("/product", sent)).toBe(want);
      expect(normaliseSearchValue(encodeURIComponent(text))).toBe(
        encodeURIComponent(expected ?? ""),
      );
    }
    // Every character of the basic plane is taken out, or kept, as core does.
    const differ: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const text = `a${String.fromCharCode(code)}b`;
      const core = encodeURIComponent(normalizeSearch(text) ?? "");
      if (normaliseSearchValue(encodeURIComponent(text)) !== core) differ.push(code.toString(16));
    }
    expect(differ).toEqual([]);
  });

  it("keeps a product page's photo only as 1 to 10, so a page has at most ten copies", () => {
    const keys = new Set<string>();
    for (let n = -5; n < 2000; n++) {
      for (const sent of [`?photo=${n}`, `?photo=0${n}`, `?photo=${n}.0`, `?photo=${n}e0`]) {
        keys.add(normaliseQuery("/product/linen-shirt", sent));
        keys.add(atCloudFront("/product/linen-shirt", sent));
      }
    }
    expect([...keys].sort()).toEqual(
      ["", ...Array.from({ length: MAX_IMAGES }, (_, i) => `?photo=${i + 1}`)].sort(),
    );
  });

  it("keeps the photo the page opens on, and drops only values that open the first", () => {
    for (const value of ["1", "2", "10", "0", "11", "99", "1e3", "01", "abc", "", "%32", " 2"]) {
      const sent = `?photo=${value}`;
      const kept = new URLSearchParams(atCloudFront("/product/linen-shirt", sent));
      const asSent = new URLSearchParams(sent);
      expect(openingPhoto(kept.get(PHOTO_PARAM), MAX_IMAGES), value).toBe(
        openingPhoto(asSent.get(PHOTO_PARAM), MAX_IMAGES),
      );
    }
  });

  it("keeps a product page's colour only as a palette id, however it is cased", () => {
    const keys = new Set<string>();
    for (const { id, name } of PALETTE) {
      for (const sent of [id, id.toUpperCase(), encodeURIComponent(name), `${id}x`, ` ${id}`]) {
        keys.add(normaliseQuery("/product/x", `?colour=${sent}`));
        keys.add(atCloudFront("/product/x", `?colour=${sent}`));
      }
    }
    expect([...keys].sort()).toEqual(["", ...PALETTE.map(({ id }) => `?colour=${id}`)].sort());
  });

  it("keeps exactly the colour the page opens on", () => {
    const polo = {
      colourways: [
        { colour: { id: "forest" }, images: [] },
        { colour: { id: "navy" }, images: [] },
      ],
      images: [],
      sizes: ["M"],
    };
    for (const value of ["navy", "NAVY", "Navy", "navy ", "red", "", "%6Eavy", "forest"]) {
      const sent = `?colour=${value}`;
      const kept = new URLSearchParams(atCloudFront("/product/x", sent));
      expect(productChoice(polo, kept).colour, value).toBe(
        productChoice(polo, new URLSearchParams(sent)).colour,
      );
    }
  });

  it("leaves a write's query string to the site (CloudFront normalises GET and HEAD only)", () => {
    expect(atCloudFront("/product/linen-shirt", "?utm=1&size=m", "POST")).toBe("?utm=1&size=m");
    expect(atCloudFront("/product/linen-shirt", "?utm=1&size=M", "HEAD")).toBe("?size=M");
  });
});
