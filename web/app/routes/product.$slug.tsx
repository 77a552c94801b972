import {
  type ActionFunctionArgs,
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { useLoaderData, useRouteError } from "@remix-run/react";
import { isSizeTag } from "@shop/core/catalog";
import { ReviewSchema, reviewStats } from "@shop/core/reviews";
import { isDomainError } from "@shop/core/server/accounts";
import { getProductBySlug, getProductPage } from "@shop/core/server/catalog";
import { getContext } from "@shop/core/server/context";
import { addReview, deleteReview, mayReview } from "@shop/core/server/reviews";
import { AddToCartForm } from "../components/AddToCartForm";
import { ErrorPage } from "../components/ErrorPage";
import { GuaranteeNote } from "../components/GuaranteeNote";
import { ImageCarousel } from "../components/ImageCarousel";
import { Price } from "../components/Price";
import { ProductBreadcrumb } from "../components/ProductBreadcrumb";
import { ProductJsonLd } from "../components/ProductJsonLd";
import { ProductReviews } from "../components/ProductReviews";
import {
  REVIEW_ERROR,
  ReviewDialog,
  WRITE_REVIEW_PARAM,
  WriteReviewBox,
} from "../components/ReviewDialog";
import { Stars } from "../components/Stars";
import { TruckIcon } from "../components/ui-icons";
import { readForm, refuseForm } from "../lib/form.server";
import { parseSubmission } from "../lib/forms";
import { NO_STORE, publicPageCacheControl } from "../lib/http";
import { metaDescription } from "../lib/meta";
import { assertSameOrigin } from "../lib/security.server";
import { getSessionUser, requireUser } from "../lib/session.server";
import { SHOP_NAME } from "../lib/shop";
import { redirectWithToast } from "../lib/toast.server";
import { useActionAnswer } from "../lib/unavailable";
import { keepsInput } from "../lib/unavailable.server";

/** Slugs are lower-case words joined by dashes; anything else cannot be a product. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX_LENGTH = 200;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  const ctx = getContext();
  const url = new URL(request.url);
  const [page, user] = await Promise.all([
    slug.length <= SLUG_MAX_LENGTH && SLUG.test(slug)
      ? getProductPage(ctx, slug, { reviewsCursor: url.searchParams.get("reviews") })
      : null,
    // Only a request with a cookie can have a session (and cookie requests are never cached).
    request.headers.has("Cookie") ? getSessionUser(request) : null,
  ]);
  // docs/product.md §2: a product that is not found sends the visitor to /.
  if (!page) throw redirect("/", 302);
  const { product, reviewPage } = page;
  // "Write a review" only when the server says so: a paid order with it, no review yet.
  const canReview = user ? await mayReview(ctx, user.id, product.id) : false;
  const size = url.searchParams.get("size");
  return data(
    {
      product,
      stats: reviewStats(product.ratingCounts),
      reviewPage,
      viewer: user ? { id: user.id, isAdmin: user.isAdmin } : null,
      canReview,
      // The modal is open by URL (works without JavaScript); the action still checks everything.
      writing: user !== null && url.searchParams.get(WRITE_REVIEW_PARAM) === "1",
      initialSize: isSizeTag(size) ? size : undefined,
      canonicalUrl: `${ctx.config.appUrl}/product/${product.slug}`,
    },
    { headers: { "Cache-Control": publicPageCacheControl(request) } },
  );
}

export const action = keepsInput(submit);

async function submit({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const ctx = getContext();
  const slug = params.slug ?? "";
  const product =
    slug.length <= SLUG_MAX_LENGTH && SLUG.test(slug) ? await getProductBySlug(ctx, slug) : null;
  if (!product) throw data("Product not found", { status: 404 });
  const form = await readForm(request);
  const page = `/product/${product.slug}`;

  switch (form.get("intent")) {
    case "add-review": {
      const submission = parseSubmission(form, ReviewSchema);
      if (submission.status !== "success") return refuseForm(submission, 400);
      try {
        // Author and product come from the session and the URL, never from the form.
        await addReview(ctx, user, product.id, submission.value);
      } catch (error) {
        // docs/product.md §8: the server's message, or "An error has occurred", above the form.
        if (isDomainError(error)) {
          return refuseForm(submission, error.status, { formErrors: [error.message] });
        }
        console.error("review add failed", error);
        return refuseForm(submission, 500, { formErrors: [REVIEW_ERROR] });
      }
      return redirectWithToast(`${page}#reviews`, {
        type: "success",
        title: "Success",
        description: "Review added successfully",
      });
    }
    case "delete-review": {
      const author = form.get("author");
      if (typeof author !== "string" || author === "" || author.length > 100) {
        throw data("Review not found", { status: 400 });
      }
      try {
        await deleteReview(ctx, user, product.id, author);
      } catch (error) {
        if (!isDomainError(error)) throw error;
        return redirectWithToast(`${page}#reviews`, {
          type: "error",
          title: "Error",
          description: error.message,
        });
      }
      return redirectWithToast(`${page}#reviews`, {
        type: "success",
        title: "Success",
        description: "Review deleted successfully",
      });
    }
    default:
      throw data("Unknown intent", { status: 400 });
  }
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? NO_STORE,
  Vary: "Cookie",
});

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => {
  if (!loaderData) return [{ title: SHOP_NAME }];
  const { product, canonicalUrl } = loaderData;
  const title = `${product.name} | ${SHOP_NAME}`;
  const description = metaDescription(product.description);
  const image = product.images[0]?.url;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonicalUrl },
    { property: "og:type", content: "product" },
    { property: "og:title", content: product.name },
    { property: "og:description", content: description },
    { property: "og:url", content: canonicalUrl },
    { property: "og:site_name", content: SHOP_NAME },
    ...(image ? [{ property: "og:image", content: image }] : []),
  ];
};

export default function ProductPage() {
  const { product, stats, reviewPage, initialSize, canonicalUrl, viewer, canReview, writing } =
    useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const reviewsHref = (cursor: string | null) =>
    cursor ? `?reviews=${encodeURIComponent(cursor)}#reviews` : null;
  const canDelete = (authorId: string) =>
    viewer !== null && (viewer.isAdmin || viewer.id === authorId);

  return (
    <div className="container-page py-8 lg:py-12">
      <ProductJsonLd
        product={product}
        canonicalUrl={canonicalUrl}
        average={stats.average}
        count={stats.count}
      />
      <ProductBreadcrumb category={product.category} name={product.name} />

      <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:gap-14">
        <ImageCarousel images={product.images} name={product.name} />

        <div>
          <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{product.name}</h1>
          <Price
            cents={product.priceCents}
            className="mt-4 block text-2xl font-semibold text-stone-900"
          />
          <a href="#reviews" className="mt-3 inline-block rounded hover:underline">
            <Stars average={stats.roundedAverage} count={stats.count} />
          </a>
          <p className="mt-6 leading-relaxed text-stone-700">{product.description}</p>
          <p className="mt-6 flex items-center gap-2 text-sm font-medium text-accent-700">
            <TruckIcon className="size-5" />
            In stock and ready to ship
          </p>

          <AddToCartForm
            // A new product (client navigation) starts from its own first size.
            key={product.id}
            productId={product.id}
            productName={product.name}
            sizes={product.sizes}
            initialSize={initialSize}
          />

          <GuaranteeNote />
        </div>
      </div>

      <ProductReviews
        stats={stats}
        reviews={reviewPage.reviews}
        previousHref={reviewsHref(reviewPage.previousCursor)}
        nextHref={reviewsHref(reviewPage.nextCursor)}
        writeReview={canReview ? <WriteReviewBox openHref={`?${WRITE_REVIEW_PARAM}=1`} /> : null}
        canDelete={canDelete}
      />
      {writing ? (
        <ReviewDialog
          productName={product.name}
          closeHref={`/product/${product.slug}`}
          lastResult={answer?.result}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
