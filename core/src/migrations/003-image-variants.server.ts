// Photos uploaded before the image-variants function have no variants, and their products no
// state for them: the storefront serves the originals. Each such photo is copied onto itself in
// the images bucket, which S3 notifies as a new upload, so the image-variants function makes its
// variants and records them exactly as for an admin's upload (core/src/catalog/image-variants.ts;
// its retries and dead-letter queue apply). The products are read a page at a time from the
// catalogue's index (gsi1 CATALOG). A photo copied twice (a page done again) is processed twice,
// to the same variants under the same keys.
import { parseUploadKey } from "../catalog/image-variants.ts";
import { queryIndexPage } from "../db/query.server.ts";
import { copyInPlace } from "../storage/index.server.ts";
import { defineMigration } from "./runner.server.ts";

/** Products per page. */
const PAGE = 50;

export default defineMigration({
  description: "photos without variants are sent to the image-variants function",
  async page(ctx, cursor) {
    const page = await queryIndexPage(ctx, "CATALOG", {
      ProjectionExpression: "id, images, imageVariants",
      Limit: PAGE,
      ...(cursor ? { ExclusiveStartKey: cursor } : {}),
    });
    let touched = 0;
    for (const product of page.Items ?? []) {
      const states = (product.imageVariants ?? {}) as Record<string, unknown>;
      for (const { key } of (product.images ?? []) as Array<{ key: string }>) {
        const upload = parseUploadKey(key);
        // Not an upload the processing handles (the seed's SVGs), or processed already.
        if (!upload || states[upload.file]) continue;
        const copied = await copyInPlace(ctx, ctx.config.imagesBucket, key, {
          "variants-requested": new Date().toISOString(),
        });
        if (copied) touched++;
      }
    }
    return { touched, ...(page.LastEvaluatedKey ? { cursor: page.LastEvaluatedKey } : {}) };
  },
});
