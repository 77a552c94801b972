// A product's size guide, a page of its own (docs/product.md §2 "Size guide"):
// /product/{slug}/size-guide?size=M&unit=in. What the product page's "Size guide" link opens
// without JavaScript; with it, the product page loads this loader's data into a dialog when the
// link is pressed (../components/SizeGuideDialog.tsx). Public and indexable; a product that is not
// found sends the visitor to / as the product page does.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteError } from "@remix-run/react";
import { data, redirect } from "@remix-run/server-runtime";
import { SIZE_PARAM, sizeGuideView, sizeOptions, UNIT_PARAM, unitOf } from "@shop/core/catalog";
import { catalogSnapshot, getSizeGuide } from "@shop/core/server/catalog";
import { getContext } from "@shop/core/server/context";
import { ErrorPage } from "../components/ErrorPage";
import { SizeGuideTable } from "../components/SizeGuideTable";
import { publicPageCacheControl, publicPageHeaders } from "../lib/http";
import { loaderPageMeta } from "../lib/meta";
import { SLUG, SLUG_MAX_LENGTH } from "../lib/product-page.server";
import { SHOP_NAME } from "../lib/shop";
import { sizeGuideHref } from "../lib/size-guide";
import { pageTitle } from "../lib/title";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  const ctx = getContext();
  const url = new URL(request.url);
  const product =
    slug.length <= SLUG_MAX_LENGTH && SLUG.test(slug)
      ? (await catalogSnapshot(ctx)).bySlug.get(slug)
      : undefined;
  if (!product) throw redirect("/", 302);
  const unit = unitOf(url.searchParams.get(UNIT_PARAM));
  const asked = url.searchParams.get(SIZE_PARAM);
  const guide = sizeGuideView(
    await getSizeGuide(ctx, product.sizeScale),
    sizeOptions(product.sizes),
    unit,
  );
  const title = `Size guide: ${product.name}`;
  return data(
    {
      product: { name: product.name, slug: product.slug },
      guide,
      // Only one of the product's sizes is highlighted.
      chosen: asked && product.sizes.includes(asked) ? asked : null,
      // One canonical URL whatever the size or unit asked for.
      meta: loaderPageMeta(request, ctx.config.appUrl, {
        title: pageTitle(title),
        description: `${product.name}: body measurements for each size (${guide.garment.toLowerCase()}), in centimetres or inches, and how to measure.`,
        path: `/product/${product.slug}/size-guide`,
        socialTitle: title,
      }),
    },
    { headers: { "Cache-Control": publicPageCacheControl(request) } },
  );
}

export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [{ title: SHOP_NAME }];

export default function SizeGuidePage() {
  const { product, guide, chosen } = useLoaderData<typeof loader>();
  const back = `/product/${product.slug}${chosen ? `?${SIZE_PARAM}=${encodeURIComponent(chosen)}` : ""}`;
  return (
    <div className="container-page max-w-3xl py-8 lg:py-12">
      <Link to={back} className="text-sm text-accent-700 underline hover:text-accent-800">
        Back to {product.name}
      </Link>
      <h1 id="size-guide" className="mt-4 text-3xl font-semibold tracking-tight">
        Size guide: {product.name}
      </h1>
      <div className="mt-6">
        <SizeGuideTable
          guide={guide}
          productName={product.name}
          chosen={chosen}
          unitHref={(unit) => sizeGuideHref(product.slug, chosen, unit)}
          headingId="size-guide"
        />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
