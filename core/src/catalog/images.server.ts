// Product images in the images bucket, under products/<product id>/<random>.<ext> (the site may
// write only under products/). Keys are never reused, so each object is cached forever.
import { randomUUID } from "node:crypto";
import { DomainError } from "../common/errors.ts";
import type { Context } from "../context/index.server.ts";
import { deleteObject, putObject } from "../storage/index.server.ts";
import { PRODUCT_ID_PATTERN } from "./ids.ts";
import { allVariantKeys } from "./image-variants.ts";
import { detectImageType, IMAGE_MAX_BYTES, IMAGE_TOO_LARGE, NOT_AN_IMAGE } from "./images.ts";

/** The folder of a product's uploaded images. */
export const productImageFolder = (productId: string) => `products/${productId}/`;

/**
 * Checks that `bytes` are a JPEG, PNG, WebP, GIF or AVIF image of at most 5 MB (by content, not
 * by name or declared type); otherwise a DomainError on the field "images" naming the file.
 */
export function checkProductImage(bytes: Uint8Array, fileName: string) {
  const shown = fileName.slice(0, 80) || "The file";
  if (bytes.byteLength > IMAGE_MAX_BYTES) throw new DomainError(IMAGE_TOO_LARGE, "images");
  const type = detectImageType(bytes);
  if (!type) throw new DomainError(`${shown} ${NOT_AN_IMAGE}`, "images");
  return type;
}

/** Stores one checked image for the product; returns its key. */
export async function putProductImage(
  ctx: Context,
  productId: string,
  bytes: Uint8Array,
  fileName = "",
): Promise<string> {
  if (!PRODUCT_ID_PATTERN.test(productId)) throw new DomainError("Unknown product", "images");
  const type = checkProductImage(bytes, fileName);
  const key = `${productImageFolder(productId)}${randomUUID()}.${type.extension}`;
  await putObject(ctx, {
    Bucket: ctx.config.imagesBucket,
    Key: key,
    Body: bytes,
    ContentType: type.mime,
    CacheControl: "public, max-age=31536000, immutable",
  });
  return key;
}

/**
 * Removes images no product uses any more (after a product's delete, or images taken off it),
 * with every variant the processing may have made of them (./image-variants.ts: their keys
 * follow from the upload's). Only keys under products/ and variants/; failures are logged, not
 * thrown: the change itself is done, and a left-over object costs a little storage, never a
 * broken page.
 */
export async function deleteProductImages(ctx: Context, keys: readonly string[]): Promise<void> {
  const owned = keys
    .filter((key) => key.startsWith("products/"))
    .flatMap((key) => [key, ...allVariantKeys(key)]);
  await Promise.all(
    owned.map((Key) =>
      deleteObject(ctx, ctx.config.imagesBucket, Key).catch((error: unknown) =>
        console.error(`product image ${Key} left in the bucket`, error),
      ),
    ),
  );
}
