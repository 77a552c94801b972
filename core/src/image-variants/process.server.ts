// The image-variants function's work (docs/architecture.md §14): an admin's upload under
// products/ is read once, decoded once (EXIF orientation applied, colours to sRGB, metadata
// dropped: variants are made from raw pixels), resized to the widths of the plan
// (core/src/catalog/image-variants.ts, never wider than the original, aspect ratio kept) and
// encoded to AVIF and WebP under variants/. Only when every variant is stored is the upload
// recorded "ready"; a file that cannot be decoded is recorded "failed" (the storefront leaves it
// out, the admin's form flags it). Anything else (S3 or the table not answering) is thrown, so
// the invocation is tried again: the work is the same each time.
//
// sharp is imported here only: this area is what the function loads, never the site.
import sharp, { type OutputInfo, type Sharp } from "sharp";
import { recordVariantState } from "../catalog/index.server.ts";
import {
  imageVariantKey,
  parseUploadKey,
  VARIANT_FORMATS,
  VARIANT_MIME,
  type VariantFormat,
  variantWidths,
} from "../catalog/index.ts";
import type { Context } from "../context/index.server.ts";
import { getObjectBytes, putObject } from "../storage/index.server.ts";

/** Encoder settings: quality where a photo shows no artefacts at its display size. */
const ENCODE: Record<VariantFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 4 }),
  webp: (image) => image.webp({ quality: 75, effort: 4 }),
};

/** Keys never change (each upload has a random name): caches keep variants for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/** Said in the failed record (and the logs): the admin's form has its own message. */
export const UNDECODABLE = "the file could not be decoded as an image";

export type ProcessOutcome =
  | { outcome: "ready"; key: string; width: number; height: number; variants: string[] }
  | { outcome: "failed"; key: string; reason: string }
  | { outcome: "skipped"; key: string; why: string };

/** Makes and stores the variants of the upload at `key`, then records the outcome. */
export async function processUpload(ctx: Context, key: string): Promise<ProcessOutcome> {
  const upload = parseUploadKey(key);
  if (!upload) return { outcome: "skipped", key, why: "not a raster upload of a product" };
  const bucket = ctx.config.imagesBucket;
  const bytes = await getObjectBytes(ctx, bucket, key);
  // Removed since (the admin took it off before it was processed): nothing to do.
  if (!bytes) return { outcome: "skipped", key, why: "no such object" };

  let pixels: { data: Buffer; info: OutputInfo };
  try {
    // failOn "error": a file with a recoverable flaw (as browsers show it) still counts.
    pixels = await sharp(bytes, { failOn: "error" })
      .rotate()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    console.error(JSON.stringify({ event: "image.undecodable", key, error: String(error) }));
    await recordVariantState(ctx, key, { state: "failed", reason: UNDECODABLE });
    return { outcome: "failed", key, reason: UNDECODABLE };
  }

  const { width, height, channels } = pixels.info;
  const widths = variantWidths(width);
  const stored: string[] = [];
  for (const w of widths) {
    const resized = await sharp(pixels.data, { raw: { width, height, channels } })
      .resize({ width: w, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: resized.info } as const;
    await Promise.all(
      VARIANT_FORMATS.map(async (format) => {
        const body = await ENCODE[format](sharp(resized.data, raw)).toBuffer();
        const variant = imageVariantKey(upload, w, format);
        await putObject(ctx, {
          Bucket: bucket,
          Key: variant,
          Body: body,
          ContentType: VARIANT_MIME[format],
          CacheControl: IMMUTABLE,
        });
        stored.push(variant);
      }),
    );
  }
  await recordVariantState(ctx, key, { state: "ready", width, height, widths });
  return { outcome: "ready", key, width, height, variants: stored };
}
