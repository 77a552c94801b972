// The cart's current products (GET /api/cart?ids=a,b,c): the cart lives in the browser, so its
// page asks here for today's names, prices, images and sizes; a stale local copy never shows an
// old price. At most 100 ids, each a product id, or a 400 naming the field "ids". Unknown ids
// are left out (the product no longer exists). With each product, its colourways (name, swatch,
// first photo: a line shows the photo of its colour) and the units left per variant (the cart
// says when a line asks for more), per colourway and size. One BatchGetItem for the products and one for their
// stock, in parallel.
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { SizeTag } from "@shop/core/cart";
import type { Category, ImageSources } from "@shop/core/catalog";
import { productAt, variantKey } from "@shop/core/catalog";
import { parseForm } from "@shop/core/common";
import type { ProductImage } from "@shop/core/server/catalog";
import { getProductsByIds, ProductIdsQuerySchema } from "@shop/core/server/catalog";
import { getContext, shopNow } from "@shop/core/server/context";
import { getStocks } from "@shop/core/server/inventory";
import { jsonResponse, NO_STORE } from "../lib/http";
import { servesUnavailablePage } from "../lib/unavailable.server";

export interface CartImage {
  url: string;
  alt: string;
  sources?: ImageSources;
}

export interface CartColourway {
  /** Palette id ("navy"). */
  id: string;
  name: string;
  swatch: string;
  /** The colourway's first photo, with its AVIF and WebP variants once stored. */
  image: CartImage | null;
  /** Units left per size of this colourway (the stock's count of each variant). */
  stock: Record<string, number>;
}

export interface CartProduct {
  id: string;
  slug: string;
  name: string;
  /** Its audience: what an automatic offer's target may name. */
  category: Category;
  /** Its type ("dresses"): what an automatic offer's target may name too. */
  productType?: string;
  /** The price it sells at now: its sale price while on sale (docs/product.md §9 "Markdowns"). */
  priceCents: number;
  /** While on sale: its regular price, struck through. */
  compareAtCents?: number;
  /** The first photo the shop shows, with its AVIF and WebP variants once stored. */
  image: CartImage | null;
  /** In the shop's order; the first is the colour of a line saved before colourways. */
  colourways: CartColourway[];
  sizes: SizeTag[];
}

/** The price it sells at, and its regular one while on sale. */
const saleOf = ({ priceCents, compareAtCents }: { priceCents: number; compareAtCents?: number }) =>
  compareAtCents ? { priceCents, compareAtCents } : { priceCents };

function cartImage(image: ProductImage | undefined): CartImage | null {
  if (!image) return null;
  return { url: image.url, alt: image.alt, ...(image.sources ? { sources: image.sources } : {}) };
}

export type CartProductsResponse =
  | { products: CartProduct[]; lowStockThreshold: number }
  | { fieldErrors: Record<string, string> };

// Prices must be today's: never kept by a cache. (A plain Response: a resource route's `data()`
// loses its status and headers under single fetch.)
const headers = { "Cache-Control": NO_STORE };

export const loader = servesUnavailablePage(load);

async function load({ request }: LoaderFunctionArgs) {
  const query = parseForm(ProductIdsQuerySchema, new URL(request.url).searchParams);
  if (!query.success) {
    const body: CartProductsResponse = { fieldErrors: query.fieldErrors };
    return jsonResponse(body, { status: 400, headers });
  }
  const ctx = getContext();
  const [products, stocks] = await Promise.all([
    getProductsByIds(ctx, query.data.ids),
    getStocks(ctx, query.data.ids),
  ]);
  const now = shopNow(ctx);
  const body: CartProductsResponse = {
    lowStockThreshold: ctx.config.lowStockThreshold,
    products: products.map((product) => ({
      id: product.id,
      slug: product.slug,
      name: product.name,
      category: product.category,
      ...(product.productType ? { productType: product.productType } : {}),
      ...saleOf(productAt(product, now, ctx.config.timeZone)),
      image: cartImage(product.images[0]),
      colourways: product.colourways.map((way) => ({
        id: way.colour.id,
        name: way.colour.name,
        swatch: way.colour.swatch,
        image: cartImage(way.images[0]),
        stock: Object.fromEntries(
          product.sizes.map((size) => [
            size,
            stocks.get(product.id)?.[variantKey(way.colour.id, size)] ?? 0,
          ]),
        ),
      })),
      sizes: product.sizes,
    })),
  };
  return jsonResponse(body, { headers });
}
