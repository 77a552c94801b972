// Responsive variants of the admin's product photos (docs/architecture.md §14 "image variants"):
// each uploaded raster image is resized to a few widths, in AVIF and WebP, by the image-variants
// function; the storefront offers them in a <picture> once all are stored. Browser-safe: the
// plan, the keys and the srcset text; the processing is core/src/image-variants, the state
// ./image-variants.server.ts.

/** The widths made of each upload (never wider than the original: no upscaling). */
export const VARIANT_WIDTHS = [320, 640, 960, 1600] as const;
/** The modern formats, best first (the order of the <source>s). */
export const VARIANT_FORMATS = ["avif", "webp"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];
export const VARIANT_MIME: Record<VariantFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
};

/** Where uploads live; an object created under it triggers the processing (the S3 filter). */
export const UPLOADS_PREFIX = "products/";
/**
 * Where variants are written: outside UPLOADS_PREFIX, so a stored variant never triggers the
 * processing again.
 */
export const VARIANTS_PREFIX = "variants/";

/** Extensions of the uploads the processing makes variants of (SVG seed images keep as they are). */
const PROCESSED_EXTENSIONS = new Set(["jpg", "png", "webp", "gif", "avif"]);
/** An upload's key: products/<product id>/<file>.<ext>, the file a random id (never reused). */
const UPLOAD_KEY = /^products\/([A-Za-z0-9-]{1,64})\/([A-Za-z0-9-]{1,80})\.([a-z0-9]{2,5})$/;

export interface UploadKey {
  productId: string;
  /** The file's name in the product's folder, e.g. "4f1c….jpg" (the key of its state). */
  file: string;
  /** The name without its extension: names its variants. */
  stem: string;
}

/** The parts of an upload's key that the processing handles, or null (another object, SVG…). */
export function parseUploadKey(key: string): UploadKey | null {
  const match = UPLOAD_KEY.exec(key);
  if (!match) return null;
  const [, productId = "", stem = "", extension = ""] = match;
  if (!PROCESSED_EXTENSIONS.has(extension)) return null;
  return { productId, file: `${stem}.${extension}`, stem };
}

/** The widths to make of an original `width` pixels wide: those it reaches, or its own. */
export function variantWidths(width: number): number[] {
  if (!Number.isInteger(width) || width < 1) return [];
  const reached = VARIANT_WIDTHS.filter((w) => w <= width);
  return reached.length > 0 ? reached : [width];
}

/**
 * A variant's key: variants/<product id>/<stem>-<width>w.<format>. The stem is the upload's
 * random name, so a key is never reused and every variant may be cached for ever.
 */
export function imageVariantKey(upload: UploadKey, width: number, format: VariantFormat): string {
  return `${VARIANTS_PREFIX}${upload.productId}/${upload.stem}-${width}w.${format}`;
}

/** Every key the processing may write for this upload (whatever the original's width). */
export function allVariantKeys(key: string): string[] {
  const upload = parseUploadKey(key);
  if (!upload) return [];
  return VARIANT_FORMATS.flatMap((format) =>
    VARIANT_WIDTHS.map((width) => imageVariantKey(upload, width, format)),
  );
}

/**
 * What the processing recorded for one upload: its variants are all stored (with the original's
 * size after EXIF orientation, and the widths made), or the file could not be decoded.
 */
export type VariantState =
  | { state: "ready"; width: number; height: number; widths: number[] }
  | { state: "failed"; reason: string };

/** What the storefront needs to offer the variants: one srcset per format and the image's size. */
export interface ImageSources {
  width: number;
  height: number;
  avif: string;
  webp: string;
}

/** The srcsets of a ready upload's variants, served from `baseUrl` as the original is. */
export function imageSources(
  baseUrl: string,
  key: string,
  state: VariantState | undefined,
): ImageSources | undefined {
  const upload = parseUploadKey(key);
  if (!upload || state?.state !== "ready" || state.widths.length === 0) return undefined;
  const srcset = (format: VariantFormat) =>
    state.widths.map((w) => `${baseUrl}/${imageVariantKey(upload, w, format)} ${w}w`).join(", ");
  return { width: state.width, height: state.height, avif: srcset("avif"), webp: srcset("webp") };
}

/** Shown on the admin's product form for an image the processing could not decode. */
export const imageNotProcessed = (position: number) =>
  `Image ${position} could not be processed: the shop does not show it. Remove it and upload the photo again (a JPEG, PNG, WebP, GIF or AVIF file that opens).`;
