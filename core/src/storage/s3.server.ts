// The S3 side of the storage area, behind its lazy boundary: this module, and the SDK's S3 client
// with it, is only ever imported dynamically (./index.server.ts), so the bundles put it in a chunk
// of its own, read by the first request that stores or reads an object instead of by every cold
// start (docs/decisions/022-lean-bundles.md). Import nothing from here statically.
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  type HeadObjectCommandOutput,
  PutObjectCommand,
  type PutObjectCommandInput,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { createPresignedPost, type PresignedPostOptions } from "@aws-sdk/s3-presigned-post";

export function newS3Client(config: S3ClientConfig): S3Client {
  return new S3Client(config);
}

export async function putObject(client: S3Client, input: PutObjectCommandInput): Promise<void> {
  await client.send(new PutObjectCommand(input));
}

/** The object's bytes, or null when the bucket has no such key. */
export async function getObjectBytes(
  client: S3Client,
  bucket: string,
  key: string,
): Promise<Uint8Array | null> {
  try {
    const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return (await Body?.transformToByteArray()) ?? new Uint8Array();
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * Copies an object onto itself, with its type, caching and user metadata plus `metadata`: S3
 * notifies it as created again (ObjectCreated:Copy). False when the bucket has no such key.
 */
export async function copyInPlace(
  client: S3Client,
  bucket: string,
  key: string,
  metadata: Record<string, string>,
): Promise<boolean> {
  let head: HeadObjectCommandOutput;
  try {
    head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
  await client.send(
    new CopyObjectCommand({
      Bucket: bucket,
      Key: key,
      CopySource: `${bucket}/${encodeURIComponent(key).replace(/%2F/g, "/")}`,
      MetadataDirective: "REPLACE",
      ...(head.ContentType ? { ContentType: head.ContentType } : {}),
      ...(head.CacheControl ? { CacheControl: head.CacheControl } : {}),
      Metadata: { ...head.Metadata, ...metadata },
    }),
  );
  return true;
}

export async function deleteObject(client: S3Client, bucket: string, key: string): Promise<void> {
  await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
}

/** The object's size and type (HeadObject), or null when the bucket has no such key. */
export async function objectHead(
  client: S3Client,
  bucket: string,
  key: string,
): Promise<{ size: number; contentType: string } | null> {
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? "" };
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** The object's first `length` bytes (a ranged GET), or null when the bucket has no such key. */
export async function getObjectStart(
  client: S3Client,
  bucket: string,
  key: string,
  length: number,
): Promise<Uint8Array | null> {
  try {
    const { Body } = await client.send(
      new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${length - 1}` }),
    );
    return ((await Body?.transformToByteArray()) ?? new Uint8Array()).subarray(0, length);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * A browser's upload of one object, signed with the client's credentials: the URL to POST the
 * form to and its fields (the policy and its signature), in S3's POST Object form.
 */
export async function presignPost(
  client: S3Client,
  options: PresignedPostOptions,
): Promise<{ url: string; fields: Record<string, string> }> {
  return createPresignedPost(client, options);
}

/** The object's user metadata (HeadObject), or null when the bucket has no such key. */
export async function objectMetadata(
  client: S3Client,
  bucket: string,
  key: string,
): Promise<Record<string, string> | null> {
  try {
    const { Metadata } = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return Metadata ?? {};
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * The object's bytes and ETag, unless its ETag is still `etag` (a conditional GET, If-None-Match:
 * S3 answers 304 without a body): "unchanged"; or null when the bucket has no such key.
 */
export async function getObjectIfChanged(
  client: S3Client,
  bucket: string,
  key: string,
  etag: string | undefined,
): Promise<{ bytes: Uint8Array; etag: string } | "unchanged" | null> {
  try {
    const out = await client.send(
      new GetObjectCommand({ Bucket: bucket, Key: key, ...(etag ? { IfNoneMatch: etag } : {}) }),
    );
    return {
      bytes: (await out.Body?.transformToByteArray()) ?? new Uint8Array(),
      etag: out.ETag ?? "",
    };
  } catch (error) {
    // The SDK reads S3's bodiless 304 as an error named after nothing in particular.
    if (statusOf(error) === 304 || (error as Error)?.name === "NotModified") return "unchanged";
    if (isMissing(error)) return null;
    throw error;
  }
}

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
const isMissing = (error: unknown) =>
  statusOf(error) === 404 || ["NoSuchKey", "NotFound"].includes((error as Error)?.name);
