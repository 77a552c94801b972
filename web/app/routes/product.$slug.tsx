import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Await,
  type ShouldRevalidateFunction,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { data, redirect } from "@remix-run/server-runtime";
import {
  AS_SHOWN_ID,
  COLOUR_PARAM,
  choiceQuery,
  PHOTO_PARAM,
  productAt,
  productChoice,
  productGroupJsonLd,
  SIZE_PARAM,
  type SizeTag,
  saleLastDay,
  sizeOptions,
  sizesOfColour,
  variantAvailability,
} from "@shop/core/catalog";
import { fitDetail, fitSummary, reviewAuthorName, reviewStats } from "@shop/core/reviews";
import { getProductPageParts } from "@shop/core/server/catalog";
import { getContext, shopNow } from "@shop/core/server/context";
import { productPageOffers } from "@shop/core/server/promotions";
import { mayReview } from "@shop/core/server/reviews";
import { type ComponentProps, lazy, Suspense } from "react";
import { AddToCartForm } from "../components/AddToCartForm";
import { ColourPicker } from "../components/ColourPicker";
import { ErrorPage } from "../components/ErrorPage";
import { GuaranteeNote } from "../components/GuaranteeNote";
import { ImageCarousel } from "../components/ImageCarousel";
import { NotifyMe } from "../components/NotifyMe";
import { ProductOffers, SalePrice } from "../components/Price";
import { ProductBreadcrumb } from "../components/ProductBreadcrumb";
import { jsonLdText, ProductJsonLd } from "../components/ProductJsonLd";
import { ProductReviews } from "../components/ProductReviews";
import { ReviewDialog, WRITE_REVIEW_PARAM, WriteReviewBox } from "../components/ReviewDialog";
import { SizeGuideLink } from "../components/SizeGuideLink";
import { Stars } from "../components/Stars";
import type { FormReply } from "../lib/forms";
import { isPersonalRequest, publicPageCacheControl, publicPageHeaders } from "../lib/http";
import { loaderPageMeta, metaDescription } from "../lib/meta";
import { productPageAction, SLUG, SLUG_MAX_LENGTH } from "../lib/product-page.server";
import { getSessionUser } from "../lib/session.server";
import { SHOP_NAME } from "../lib/shop";
import { pageTitle } from "../lib/title";
import { useActionAnswer } from "../lib/unavailable";
import { keepsInput } from "../lib/unavailable.server";

/**
 * The reviews, below the fold: rendered by the server, and in the browser a chunk of their own,
 * hydrated once it has arrived, after the page's own code (docs/decisions/033-colourways-and-variants.md
 * "Performance"). The router's updates are transitions, so the server's reviews stay meanwhile.
 */
const LazyReviews = import.meta.env.SSR
  ? ProductReviews
  : lazy(() =>
      import("../components/ProductReviews").then((module) => ({
        default: module.ProductReviews,
      })),
    );

function Reviews(props: ComponentProps<typeof ProductReviews>) {
  return (
    <Suspense fallback={null}>
      <LazyReviews {...props} />
    </Suspense>
  );
}

export async function loader({ request, params }: LoaderFunctionArgs) {
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

export const action = keepsInput(productPageAction);

/** What the picker changes in the URL: the page shows it from the data it has. */
const CHOICE_PARAMS = new Set([COLOUR_PARAM, SIZE_PARAM, PHOTO_PARAM]);

/**
 * A colour or size chosen in the browser replaces the URL (?colour=, ?size=) without asking the
 * server again: the loader's data holds every colourway and every variant's availability.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const rest = (url: URL) =>
    [...url.searchParams]
      .filter(([name]) => !CHOICE_PARAMS.has(name))
      .map(([name, value]) => `${name}=${value}`)
      .sort()
      .join("&");
  return rest(currentUrl) === rest(nextUrl) ? false : defaultShouldRevalidate;
};

export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [{ title: SHOP_NAME }];

export default function ProductPage() {
  const {
    product,
    offers,
    stats,
    fit,
    reviews,
    viewer,
    writing,
    availability,
    sizes: sizeNames,
    jsonLd,
  } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  // The choice is the URL's: the one being loaded shows at once (a colour picked in the browser).
  const pending =
    navigation.location?.pathname === location.pathname ? navigation.location : undefined;
  const choice = productChoice(product, new URLSearchParams((pending ?? location).search));
  const colourway =
    product.colourways.find(({ colour }) => colour.id === choice.colour) ?? product.colourways[0];
  const photos = colourway && colourway.images.length > 0 ? colourway.images : product.images;
  const sizes = sizesOfColour(choice.colour, product.sizes, availability);
  const soldOut = sizeNames.filter(({ tag }) => sizes[tag]?.state === "out");
  // The colour's name where a page names it: none for "As shown" (a product from before colours).
  const colourName =
    colourway && colourway.colour.id !== AS_SHOWN_ID ? colourway.colour.name : undefined;
  // A colour or size chosen in the browser replaces the URL, where the page stays.
  const choose = (colour: string, size: SizeTag | undefined, photo = false) => {
    const query = new URLSearchParams(location.search);
    query.set(COLOUR_PARAM, colour);
    if (size) query.set(SIZE_PARAM, size);
    else query.delete(SIZE_PARAM);
    if (!photo) query.delete(PHOTO_PARAM);
    navigate({ search: `?${query}` }, { replace: true, preventScrollReset: true });
  };
  const reviewsHref = (cursor: string | null) =>
    cursor ? `?reviews=${encodeURIComponent(cursor)}#reviews` : null;

  return (
    <div className="container-page py-8 lg:py-12">
      <ProductJsonLd json={jsonLd} />
      <ProductBreadcrumb category={product.category} name={product.name} />

      <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:gap-14">
        <ImageCarousel
          // A new product, colour, or photo asked for starts from that colour's photo.
          key={`${product.id}:${choice.colour}:${choice.photo}`}
          images={photos}
          name={colourName ? `${product.name} in ${colourName}` : product.name}
          initialIndex={choice.photo}
        />

        <div>
          <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{product.name}</h1>
          <SalePrice
            cents={product.priceCents}
            compareAtCents={product.compareAtCents}
            percentOff={product.percentOff}
            className="mt-4 flex text-2xl font-semibold text-stone-900"
          />
          <ProductOffers offers={offers} />
          <a href="#reviews" className="mt-3 inline-block rounded hover:underline">
            <Stars average={stats.roundedAverage} count={stats.count} />
          </a>
          {fit ? (
            <div className="mt-3 text-sm" data-fit>
              <p className="font-semibold text-stone-900">{fit.message}</p>
              <p className="text-stone-600">{fit.detail}</p>
            </div>
          ) : null}
          <p className="mt-6 leading-relaxed text-stone-700">{product.description}</p>
          {colourName ? (
            <ColourPicker
              colours={product.colourways.map(({ colour }) => colour)}
              chosen={choice.colour}
              hrefOf={(colour) => choiceQuery(colour, choice.size)}
              onChoose={(colour) => choose(colour, choice.size)}
            />
          ) : null}
          <AddToCartForm
            // A new product (client navigation) or colour starts from its own size in stock.
            key={`${product.id}:${choice.colour}`}
            productId={product.id}
            productName={product.name}
            colour={{ id: choice.colour, name: colourName }}
            sizes={sizeNames}
            availability={sizes}
            initialSize={choice.size}
            onSize={(size) => choose(choice.colour, size, true)}
            sizeGuide={(size) => (
              <SizeGuideLink slug={product.slug} productName={product.name} size={size} />
            )}
            // A refusal of "Add to cart" posted without JavaScript (its field and message).
            answer={
              answer && (answer as { intent?: string }).intent === "add-to-cart"
                ? (answer as { result?: FormReply })
                : undefined
            }
          />

          {soldOut.length > 0 ? (
            <NotifyMe
              key={choice.colour}
              colour={choice.colour}
              soldOut={soldOut}
              email={viewer?.email ?? null}
              answer={
                answer && "intent" in answer && answer.intent === "notify-me" ? answer : undefined
              }
            />
          ) : null}

          <GuaranteeNote />
        </div>
      </div>

      <Suspense fallback={<Reviews stats={stats} pending />}>
        <Await resolve={reviews} errorElement={<Reviews stats={stats} failed />}>
          {(page) => (
            <Reviews
              stats={stats}
              reviews={page.reviews}
              previousHref={reviewsHref(page.previousCursor)}
              nextHref={reviewsHref(page.nextCursor)}
              writeReview={
                page.canReview ? <WriteReviewBox openHref={`?${WRITE_REVIEW_PARAM}=1`} /> : null
              }
            />
          )}
        </Await>
      </Suspense>
      {writing ? (
        <ReviewDialog
          productName={product.name}
          closeHref={`/product/${product.slug}`}
          lastResult={answer && !("intent" in answer) ? answer.result : undefined}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
