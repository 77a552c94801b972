// Storage (server): objects in the shop's buckets (product images, variants, invoices), through
// the context's S3 client (`await ctx.s3()`, built on first use). This module is small and
// imports the AWS SDK for its types only; the S3 client and its commands load with ./s3.server.ts
// on the first call (docs/decisions/022-lean-bundles.md). Code that needs another S3 operation
// adds it to ./s3.server.ts and here, rather than importing `@aws-sdk/client-s3` statically,
// which would put the whole client back on every cold start.
import type { PutObjectCommandInput, S3Client, S3ClientConfig } from "@aws-sdk/client-s3";
import type { PresignedPostOptions } from "@aws-sdk/s3-presigned-post";
import { lazy } from "../common/lazy.ts";

export * from "./index.ts";

/** What the storage functions need of the context (core/src/context: `Context` has it). */
export interface S3Access {
  s3(): Promise<S3Client>;
}

const s3Module = /* @__PURE__ */ lazy(() => import("./s3.server.ts"));

/** Runs `use` with the context's S3 client and this area's S3 module, both loaded on first use. */
async function withS3<T>(
  ctx: S3Access,
  use: (client: S3Client, s3: Awaited<ReturnType<typeof s3Module>>) => Promise<T>,
): Promise<T> {
  const [client, s3] = await Promise.all([ctx.s3(), s3Module()]);
  return use(client, s3);
}

/** A new S3 client (the context builds its one, with its options, on first use). */
export async function createS3Client(config: S3ClientConfig): Promise<S3Client> {
  return (await s3Module()).newS3Client(config);
}

/** Stores an object (PutObject). */
export async function putObject(ctx: S3Access, input: PutObjectCommandInput): Promise<void> {
  await withS3(ctx, (client, s3) => s3.putObject(client, input));
}

/** The object's bytes (GetObject), or null when the bucket has no such key. */
export async function getObjectBytes(
  ctx: S3Access,
  bucket: string,
  key: string,
): Promise<Uint8Array | null> {
  return withS3(ctx, (client, s3) => s3.getObjectBytes(client, bucket, key));
}

/** Removes an object (DeleteObject; S3 answers the same when there was none). */
export async function deleteObject(ctx: S3Access, bucket: string, key: string): Promise<void> {
  await withS3(ctx, (client, s3) => s3.deleteObject(client, bucket, key));
}

/**
 * Copies an object onto itself with `metadata` added (HeadObject, CopyObject): S3 notifies it as
 * created again. False when the bucket has no such key.
 */
export async function copyInPlace(
  ctx: S3Access,
  bucket: string,
  key: string,
  metadata: Record<string, string>,
): Promise<boolean> {
  return withS3(ctx, (client, s3) => s3.copyInPlace(client, bucket, key, metadata));
}

/** The object's size and type (HeadObject), or null when the bucket has no such key. */
export async function objectHead(
  ctx: S3Access,
  bucket: string,
  key: string,
): Promise<{ size: number; contentType: string } | null> {
  return withS3(ctx, (client, s3) => s3.objectHead(client, bucket, key));
}

/** The object's first `length` bytes (a ranged GET), or null when the bucket has no such key. */
export async function getObjectStart(
  ctx: S3Access,
  bucket: string,
  key: string,
  length: number,
): Promise<Uint8Array | null> {
  return withS3(ctx, (client, s3) => s3.getObjectStart(client, bucket, key, length));
}

/**
 * A presigned POST (S3's browser upload of one object under the policy's conditions), signed with
 * the context's credentials: the URL and the form's fields. `@aws-sdk/s3-presigned-post` loads
 * with the S3 module, on first use.
 */
export async function presignPost(
  ctx: S3Access,
  options: Omit<PresignedPostOptions, "Bucket"> & { Bucket: string },
): Promise<{ url: string; fields: Record<string, string> }> {
  return withS3(ctx, (client, s3) => s3.presignPost(client, options));
}

/** The object's user metadata (HeadObject), or null when the bucket has no such key. */
export async function objectMetadata(
  ctx: S3Access,
  bucket: string,
  key: string,
): Promise<Record<string, string> | null> {
  return withS3(ctx, (client, s3) => s3.objectMetadata(client, bucket, key));
}

/**
 * The object's bytes and ETag unless its ETag is still `etag` (a conditional GET): "unchanged",
 * or null when the bucket has no such key.
 */
export async function getObjectIfChanged(
  ctx: S3Access,
  bucket: string,
  key: string,
  etag: string | undefined,
): Promise<{ bytes: Uint8Array; etag: string } | "unchanged" | null> {
  return withS3(ctx, (client, s3) => s3.getObjectIfChanged(client, bucket, key, etag));
}

const transferModule = /* @__PURE__ */ lazy(() => import("./transfer.server.ts"));

/**
 * Writes a stream to S3 as it is read (a multipart upload past 5 MB), for objects bigger than a
 * Lambda payload (./transfer.server.ts).
 */
export async function uploadStream(ctx: S3Access, input: PutObjectCommandInput): Promise<void> {
  const [client, transfer] = await Promise.all([ctx.s3(), transferModule()]);
  await transfer.uploadStream(client, input);
}

/**
 * A link that GETs one object for `expiresInSeconds` without credentials (a presigned URL, signed
 * with the caller's own), its Content-Disposition as given.
 */
export async function presignedGet(
  ctx: S3Access,
  input: { bucket: string; key: string; contentDisposition?: string; expiresInSeconds: number },
): Promise<string> {
  const [client, transfer] = await Promise.all([ctx.s3(), transferModule()]);
  return transfer.presignedGet(client, input);
}
