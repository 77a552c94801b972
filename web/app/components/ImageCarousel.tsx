import type { ImageSources } from "@shop/core/catalog";
import { type KeyboardEvent, type TouchEvent, useRef, useState } from "react";
import { IMAGE_SIZES, ResponsiveImage } from "./ResponsiveImage";
import { ChevronLeftIcon, ChevronRightIcon } from "./ui-icons";

export interface CarouselImage {
  url: string;
  alt: string;
  /** Its AVIF and WebP variants, once stored. */
  sources?: ImageSources;
}

/** A horizontal swipe longer than this (px) changes the image. */
const SWIPE_DISTANCE = 40;

/**
 * The product's images (docs/product.md §4: previous and next wrap around). Buttons, the left/right arrow
 * keys while one of its controls has the focus, a swipe on touch screens, and thumbnails. Without
 * JavaScript the image it opens on shows.
 */
export function ImageCarousel({
  images,
  name,
  initialIndex = 0,
}: {
  images: readonly CarouselImage[];
  name: string;
  /** The image shown first (0-based), with or without JavaScript. */
  initialIndex?: number;
}) {
  const [index, setIndex] = useState(initialIndex);
  const touchStartX = useRef<number | null>(null);
  const count = images.length;
  const current = images[index] ?? images[0];
  if (!current) return null;

  const go = (delta: number) => setIndex((value) => (value + delta + count) % count);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (count < 2) return;
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(-1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      go(1);
    }
  };
  const onTouchStart = (event: TouchEvent) => {
    touchStartX.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStartX.current;
    const end = event.changedTouches[0]?.clientX;
    touchStartX.current = null;
    if (start === null || end === undefined || count < 2) return;
    if (end - start > SWIPE_DISTANCE) go(-1);
    else if (start - end > SWIPE_DISTANCE) go(1);
  };

  const arrowClass =
    "absolute top-1/2 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-stone-800 shadow-md ring-1 ring-stone-900/5 hover:bg-white";

  return (
    // The arrow keys work while any of the carousel's controls has the focus.
    <section aria-roledescription="carousel" aria-label={`Images of ${name}`} onKeyDown={onKeyDown}>
      <div
        className="relative overflow-hidden rounded-xl bg-stone-100"
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        <ResponsiveImage
          key={current.url}
          src={current.url}
          sources={current.sources}
          sizes={IMAGE_SIZES.gallery}
          alt={current.alt || name}
          width={600}
          height={750}
          loading="eager"
          decoding="async"
          className="aspect-[4/5] h-auto w-full object-cover"
        />
        {count > 1 ? (
          <>
            <button type="button" onClick={() => go(-1)} className={`${arrowClass} left-3`}>
              <ChevronLeftIcon className="size-5" />
              <span className="sr-only">Previous image</span>
            </button>
            <button type="button" onClick={() => go(1)} className={`${arrowClass} right-3`}>
              <ChevronRightIcon className="size-5" />
              <span className="sr-only">Next image</span>
            </button>
            <p
              aria-live="polite"
              className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-stone-900/75 px-3 py-1 text-xs font-medium text-white"
            >
              Image {index + 1} of {count}
            </p>
          </>
        ) : null}
      </div>

      {count > 1 ? (
        <ul className="mt-3 grid grid-cols-4 gap-3 sm:grid-cols-5">
          {images.map((image, i) => (
            <li key={image.url}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-current={i === index ? "true" : undefined}
                className={`block w-full overflow-hidden rounded-md bg-stone-100 ring-2 ring-offset-2 ${
                  i === index ? "ring-stone-900" : "ring-transparent hover:ring-stone-300"
                }`}
              >
                <ResponsiveImage
                  src={image.url}
                  sources={image.sources}
                  sizes={IMAGE_SIZES.thumbnail}
                  alt=""
                  width={120}
                  height={150}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/5] h-auto w-full object-cover"
                />
                <span className="sr-only">
                  Show image {i + 1} of {count}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
