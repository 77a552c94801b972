// Lambda, on an object created under products/ of the images bucket (an S3 notification; the
// local cloud calls it after each upload): the photo's AVIF and WebP variants, then its state on
// the product (core/src/image-variants). A failure is thrown: S3's asynchronous invocation is
// tried again, then set aside in the function's dead-letter queue.
import { getContext, loadBoundSecrets } from "@shop/core/server/context";
import { processUpload } from "@shop/core/server/image-variants";
import { instrumented, logLine } from "./lambda/observability.ts";

interface S3Notification {
  Records: Array<{ eventName: string; s3: { object: { key: string } } }>;
}

export const handler = instrumented("imageVariants", async (event: S3Notification) => {
  await loadBoundSecrets();
  const ctx = getContext();
  for (const record of event.Records) {
    // S3 writes keys URL-encoded, spaces as "+".
    const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, " "));
    logLine("info", "image.processed", {
      event: "image.processed",
      ...(await processUpload(ctx, key)),
    });
  }
});
