// The admin's photos go from the browser straight to the images bucket, one presigned POST each
// (docs/decisions/031-direct-photo-uploads.md): a function URL takes at most 6 MB a request, and a
// multipart body arrives base64-encoded, so photos sent through the site would stop at about
// 4.4 MB a save. The server chooses each upload's key (random, under the product's folder) and
// signs a policy that holds it, the declared type and the size limit, for a few minutes; S3
// refuses anything else. The form then names the upload by its key and a token the server gave
// with it, and the photo is recorded only once S3 has it and its first bytes are the image type
// its key says (checkUploadedPhoto). The image-variants function is notified by S3 as before.
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { DomainError } from "../common/errors.ts";
import type { Config, Context } from "../context/index.server.ts";
import { deleteObject, getObjectStart, objectHead, presignPost } from "../storage/index.server.ts";
import { PRODUCT_ID_PATTERN } from "./ids.ts";
import { productImageFolder } from "./images.server.ts";
import {
  detectImageType,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE,
  imageTypeOfKey,
  imageTypeOfMime,
  NOT_AN_IMAGE,
  PHOTO_NOT_UPLOADED,
} from "./images.ts";
import { imageRefText } from "./product-form.ts";

/** How long a presigned POST may be used: time for a 20 MB photo over a slow line. */
export const UPLOAD_EXPIRES_SECONDS = 10 * 60;
/** Every upload's caching: keys are never reused, so an object is cached for a year. */
export const UPLOAD_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** Enough of a file to tell its type (images.ts, detectImageType). */
const HEAD_BYTES = 64;

/**
 * The origin the product form's page POSTs photos to, for its Content-Security-Policy
 * (connect-src): the images bucket's own endpoint, as the SDK presigns it (virtual-hosted on
 * AWS; the local S3's path-style endpoint on this machine).
 */
export function photoUploadOrigin(config: Pick<Config, "s3Endpoint" | "imagesBucket" | "region">) {
  return config.s3Endpoint
    ? new URL(config.s3Endpoint).origin
    : `https://${config.imagesBucket}.s3.${config.region}.amazonaws.com`;
}

export interface PhotoUpload {
  /** Where the browser POSTs the form (the images bucket's endpoint). */
  url: string;
  /** The form's fields, before the file: the key, type, caching, policy and its signature. */
  fields: Record<string, string>;
  /** The key the photo will have. */
  key: string;
  /** What the product form sends for it once uploaded ("upload:<key>:<token>"). */
  ref: string;
}

/** The server's token for an upload's key: only a key this server presigned carries one. */
export function uploadToken(ctx: Context, key: string): string {
  return createHmac("sha256", ctx.config.sessionSecret)
    .update(`product-photo-upload\n${key}`)
    .digest("base64url");
}

/** The form's reference to an upload the server presigned (or stored) at `key`. */
export const uploadRef = (ctx: Context, key: string) =>
  imageRefText({ kind: "upload", key, token: uploadToken(ctx, key) });

/** Whether `key`, with `token`, was presigned by this server for the product `productId`. */
export function uploadIssuedFor(
  ctx: Context,
  productId: string,
  upload: { key: string; token: string },
): boolean {
  if (!upload.key.startsWith(productImageFolder(productId))) return false;
  const expected = Buffer.from(uploadToken(ctx, upload.key));
  const given = Buffer.from(upload.token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The policy's conditions beyond the bucket and the key (which the SDK adds): the declared type
 * exactly, the caching, and the size from 1 byte to IMAGE_MAX_BYTES.
 */
export function uploadConditions(mime: string) {
  return [
    ["eq", "$Content-Type", mime],
    ["eq", "$Cache-Control", UPLOAD_CACHE_CONTROL],
    ["content-length-range", 1, IMAGE_MAX_BYTES],
  ] as Array<["eq", string, string] | ["content-length-range", number, number]>;
}

/**
 * A presigned POST for one photo of the product `productId` (null id or unknown type: a
 * DomainError on "images"). The caller has checked the admin role (from the session).
 */
export async function presignProductPhoto(
  ctx: Context,
  productId: string,
  mime: string,
): Promise<PhotoUpload> {
  if (!PRODUCT_ID_PATTERN.test(productId)) throw new DomainError("Unknown product", "images");
  const type = imageTypeOfMime(mime);
  if (!type) throw new DomainError(`The file ${NOT_AN_IMAGE}`, "images");
  const key = `${productImageFolder(productId)}${randomUUID()}.${type.extension}`;
  const { url, fields } = await presignPost(ctx, {
    Bucket: ctx.config.imagesBucket,
    Key: key,
    Conditions: uploadConditions(type.mime),
    Fields: { "Content-Type": type.mime, "Cache-Control": UPLOAD_CACHE_CONTROL },
    Expires: UPLOAD_EXPIRES_SECONDS,
  });
  return { url, fields, key, ref: uploadRef(ctx, key) };
}

/**
 * Checks with S3 that the upload at `key` is there, within the size limit, and by its first
 * bytes the image type its key names (the type its policy held). Otherwise a DomainError on
 * "images", and an object that is there but wrong is deleted (with nothing made of it yet that
 * the shop shows: it is on no product).
 */
export async function checkUploadedPhoto(ctx: Context, key: string): Promise<void> {
  const bucket = ctx.config.imagesBucket;
  const head = await objectHead(ctx, bucket, key);
  if (!head) throw new DomainError(PHOTO_NOT_UPLOADED, "images");
  const refuse = async (message: string): Promise<never> => {
    await deleteObject(ctx, bucket, key).catch((error: unknown) =>
      console.error(`refused upload ${key} left in the bucket`, error),
    );
    throw new DomainError(message, "images");
  };
  if (head.size > IMAGE_MAX_BYTES) return refuse(IMAGE_TOO_LARGE);
  const start = await getObjectStart(ctx, bucket, key, HEAD_BYTES);
  if (!start) throw new DomainError(PHOTO_NOT_UPLOADED, "images");
  const type = detectImageType(start);
  if (!type || type.extension !== imageTypeOfKey(key)?.extension) {
    return refuse(`The file ${NOT_AN_IMAGE}`);
  }
}
