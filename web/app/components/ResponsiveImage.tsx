import type { ImageSources } from "@shop/core/catalog";
import type { ImgHTMLAttributes } from "react";

/**
 * A product photo: with its AVIF and WebP variants once the processing has stored them all
 * (docs/product.md §10 "Products"), each a srcset the browser picks from by `sizes` and the
 * screen's density; the uploaded original is the fallback, and the only picture before then
 * (and for the seed's SVGs). The <picture> takes no box of its own (display: contents), so the
 * image is laid out exactly as without it.
 */
export function ResponsiveImage({
  sources,
  sizes,
  ...img
}: ImgHTMLAttributes<HTMLImageElement> & {
  src: string;
  alt: string;
  sources?: ImageSources;
  /** The width the image is shown at, per viewport (the <source>s' `sizes`). */
  sizes: string;
}) {
  // biome-ignore lint/a11y/useAltText: alt is required by the props and passed on.
  const fallback = <img {...img} />;
  if (!sources) return fallback;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
      {fallback}
    </picture>
  );
}

/**
 * The widths the storefront shows photos at (`sizes`), from its layout: the container is at
 * most 80rem with 1rem of padding on phones (web/app/tailwind.css `container-page`).
 */
export const IMAGE_SIZES = {
  /** The product page's carousel: the full width on phones, half the container from 1024 px. */
  gallery: "(min-width: 1280px) 600px, (min-width: 1024px) 45vw, calc(100vw - 2rem)",
  /** The carousel's thumbnails: 4 a row on phones, 5 from 640 px, in half the page from 1024 px. */
  thumbnail: "(min-width: 1024px) 110px, (min-width: 640px) 18vw, 22vw",
  /** Catalogue cards: 2 a row on phones, 3 from 768 px, 4 from 1280 px (beside the filters). */
  card: "(min-width: 1280px) 250px, (min-width: 1024px) calc((100vw - 20rem) / 3), (min-width: 768px) 31vw, calc(50vw - 1.5rem)",
  /** A cart line's picture: 6rem wide, 8rem from 640 px. */
  cart: "(min-width: 640px) 128px, 96px",
} as const;
