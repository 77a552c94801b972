// Moving objects that are too big for one Lambda payload, behind the storage area's second lazy
// boundary (./index.server.ts imports it on first use, as ./s3.server.ts; docs/decisions/022-lean-bundles.md):
// a stream written to S3 in parts (lib-storage's Upload: one PutObject under 5 MB, a multipart
// upload above), and a presigned GET, a link to one object that works for a few minutes
// without credentials. Import nothing from here statically.
import { GetObjectCommand, type PutObjectCommandInput, type S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";

/**
 * Writes `input.Body` (a stream) to S3 as it is read: parts of 5 MB, at most two in memory. A
 * failed multipart upload leaves its parts (the role may not abort uploads); the bucket's
 * lifecycle rule removes incomplete uploads (stacks/Storage.ts).
 */
export async function uploadStream(client: S3Client, input: PutObjectCommandInput): Promise<void> {
  await new Upload({ client, params: input, queueSize: 2, leavePartsOnError: true }).done();
}

/** A GET of one object that works for `expiresInSeconds`, its Content-Disposition overridden. */
export async function presignedGet(
  client: S3Client,
  input: { bucket: string; key: string; contentDisposition?: string; expiresInSeconds: number },
): Promise<string> {
  return getSignedUrl(
    client,
    new GetObjectCommand({
      Bucket: input.bucket,
      Key: input.key,
      ...(input.contentDisposition ? { ResponseContentDisposition: input.contentDisposition } : {}),
    }),
    { expiresIn: input.expiresInSeconds },
  );
}
