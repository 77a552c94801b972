// What the product page shows (docs/product.md §2 "Product page"): the product at the server's
// clock with its stock, its offers, its review figures and fit, its reviews as deferred data for
// a signed-in visitor's client navigation (docs/architecture.md §13), its meta and JSON-LD. The
// route (web/app/routes/product.$slug.tsx) renders it; its forms are ./product-page.server.ts.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/server-runtime";
import {
  productAt,
  productChoice,
  productGroupJsonLd,
  saleLastDay,
  sizeOptions,
  variantAvailability,
} from "@shop/core/catalog";
import { fitDetail, fitSummary, reviewAuthorName, reviewStats } from "@shop/core/reviews";
import { getProductPageParts } from "@shop/core/server/catalog";
import { getContext, shopNow } from "@shop/core/server/context";
import { productPageOffers } from "@shop/core/server/promotions";
import { mayReview } from "@shop/core/server/reviews";
import { jsonLdText } from "../components/ProductJsonLd";
import { WRITE_REVIEW_PARAM } from "../components/ReviewDialog";
import { isPersonalRequest, publicPageCacheControl } from "./http";
import { loaderPageMeta, metaDescription } from "./meta";
import { SLUG, SLUG_MAX_LENGTH } from "./product-page.server";
import { getSessionUser } from "./session.server";
import { SHOP_NAME } from "./shop";
import { pageTitle } from "./title";

export async function productPageLoader({ request, params }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  const ctx = getContext();
  const url = new URL(request.url);
  // The table calls run side by side: the session beside the product and its stock; the reviews'
  // read starts as soon as the product is known, and "may this visitor review" beside it.
  const [page, user] = await Promise.all([
    slug.length <= SLUG_MAX_LENGTH && SLUG.test(slug)
      ? getProductPageParts(ctx, slug, { reviewsCursor: url.searchParams.get("reviews") })
      : null,
    // Only a request with a cookie can have a session (and cookie requests are never cached).
    request.headers.has("Cookie") ? getSessionUser(request) : null,
  ]);
  // docs/product.md §2: a product that is not found sends the visitor to /.
  if (!page) throw redirect("/", 302);
  const { stock } = page;
  // Its price at the server's clock: the sale price while on sale (docs/product.md §9
  // "Markdowns"); the edge purges the page when a sale starts or ends.
  const now = shopNow(ctx);
  const { markdown: _sale, ...product } = productAt(page.product, now, ctx.config.timeZone);
  const priceValidUntil = saleLastDay(page.product, now, ctx.config.timeZone);
  // The automatic offers on it then (docs/product.md §9 "On the pages"); the edge purges the
  // page when one starts or ends.
  const offers = productPageOffers(ctx, page.snapshot, product, now);
  const reviews = Promise.all([
    page.reviewPage,
    // "Write a review" only when the server says so: a paid order with it, no review yet.
    user ? mayReview(ctx, user.id, product.id) : false,
  ]).then(([reviewPage, canReview]) => ({
    ...reviewPage,
    // What the page shows of each review: the author as "Jane D.", never the last name.
    reviews: reviewPage.reviews.map((review) => ({
      deletableBy: user && (user.isAdmin || user.id === review.userId) ? review.userId : null,
      author: reviewAuthorName(review.authorFirstName, review.authorLastName),
      rating: review.rating,
      description: review.description,
      createdAt: review.createdAt,
    })),
    canReview,
  }));
  const threshold = ctx.config.lowStockThreshold;
  const stats = reviewStats(product.ratingCounts);
  // What buyers say of the fit, once there are enough answers (docs/product.md §9 "Fit feedback").
  const fitShare = fitSummary(product.fitCounts);
  const canonicalUrl = `${ctx.config.appUrl}/product/${product.slug}`;
  // Every variant's availability, by variant key: the page shows the chosen colour's sizes, and
  // in the browser another colour's at once, without asking the server again.
  const availability = variantAvailability(product.variants, stock, threshold);
  // The colour (?colour=, else the first colourway) the page opens on, with its size and photo.
  const choice = productChoice(product, url.searchParams);
  const colourway = product.colourways.find(({ colour }) => colour.id === choice.colour);
  return data(
    {
      product,
      offers,
      stats,
      fit: fitShare && { message: fitShare.message, detail: fitDetail(fitShare) },
      // Deferred data (docs/architecture.md §13): a signed-in visitor's client navigation shows
      // the page first and streams the reviews and "may review" in. A document is rendered whole
      // (so it works without JavaScript, entry.server.tsx), so it gets them awaited here, as the
      // page every anonymous visitor shares does (docs/decisions/018-edge-cache.md): rendered
      // from plain data (the render cache and the ETag hash it), naming no visitor.
      reviews: isPersonalRequest(request) && !asksForDocument(request) ? reviews : await reviews,
      viewer: user ? { id: user.id, isAdmin: user.isAdmin, email: user.email } : null,
      // The modal is open by URL (works without JavaScript); the action still checks everything.
      writing: user !== null && url.searchParams.get(WRITE_REVIEW_PARAM) === "1",
      availability,
      // The product's sizes with their labels and names (a colourway names its colour): the size
      // and colour tables stay off the browser (docs/decisions/033-colourways-and-variants.md).
      sizes: sizeOptions(product.sizes),
      // The colour, photo or size chosen (?colour=, ?photo=, ?size=) or a review page is the
      // same product: one canonical URL.
      meta: loaderPageMeta(request, ctx.config.appUrl, {
        title: pageTitle(product.name),
        description: metaDescription(product.description),
        path: `/product/${product.slug}`,
        socialTitle: product.name,
        type: "product",
        image: colourway?.images[0]?.url ?? product.images[0]?.url,
      }),
      jsonLd: jsonLdText(
        productGroupJsonLd({
          product,
          canonicalUrl,
          brand: SHOP_NAME,
          currency: "EUR",
          availability,
          rating: { average: stats.average, count: stats.count },
          ...(priceValidUntil ? { priceValidUntil } : {}),
        }),
      ),
    },
    { headers: { "Cache-Control": publicPageCacheControl(request) } },
  );
}

/** A browser's navigation to a page asks for HTML; Remix's data requests (`.data`) do not. */
function asksForDocument(request: Request): boolean {
  return request.headers.get("Accept")?.includes("text/html") ?? false;
}
