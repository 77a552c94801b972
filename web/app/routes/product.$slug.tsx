// The product page (docs/product.md §2 "Product page"): the photos of the chosen colour, its
// price and offers, the colour and size pickers with "Add to cart" and "Notify me", and the
// reviews. What it shows is read by web/app/lib/product-page-loader.server.ts; its forms are
// web/app/lib/product-page.server.ts.
import type { MetaFunction } from "@remix-run/node";
import {
  type ShouldRevalidateFunction,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import {
  AS_SHOWN_ID,
  COLOUR_PARAM,
  choiceQuery,
  PHOTO_PARAM,
  productChoice,
  SIZE_PARAM,
  type SizeTag,
  sizesOfColour,
} from "@shop/core/catalog";
import { AddToCartForm } from "../components/AddToCartForm";
import { ColourPicker } from "../components/ColourPicker";
import { ErrorPage } from "../components/ErrorPage";
import { GuaranteeNote } from "../components/GuaranteeNote";
import { ImageCarousel } from "../components/ImageCarousel";
import { NotifyMe } from "../components/NotifyMe";
import { ProductOffers, SalePrice } from "../components/Price";
import { ProductBreadcrumb } from "../components/ProductBreadcrumb";
import { ProductJsonLd } from "../components/ProductJsonLd";
import { ProductPageReviews } from "../components/ProductPageReviews";
import { ReviewDialog } from "../components/ReviewDialog";
import { SizeGuideLink } from "../components/SizeGuideLink";
import { Stars } from "../components/Stars";
import type { FormReply } from "../lib/forms";
import { publicPageHeaders } from "../lib/http";
import { productPageAction } from "../lib/product-page.server";
import { productPageLoader } from "../lib/product-page-loader.server";
import { SHOP_NAME } from "../lib/shop";
import { useActionAnswer } from "../lib/unavailable";
import { keepsInput } from "../lib/unavailable.server";

export const loader = productPageLoader;

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

      <ProductPageReviews stats={stats} reviews={reviews} />
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
