// The size guides in the table (docs/product.md §9 "Size guides"): one item per scale the admin
// has edited (SIZEGUIDE#<scale>, ../db/README.md); a scale never edited shows the shop's
// defaults (./size-guides.ts DEFAULT_SIZE_GUIDES).
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { Context } from "../context/index.server.ts";
import { batchGetItems } from "../db/batch-get.server.ts";
import { sizeGuideKey } from "../db/keys.ts";
import { guideFromStored, type SizeGuide } from "./size-guides.ts";
import { SIZE_SCALE_IDS, type SizeScaleId } from "./size-tags.ts";

/** A scale's guide: the admin's, else the default. One GetItem. */
export async function getSizeGuide(ctx: Context, scale: SizeScaleId): Promise<SizeGuide> {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: sizeGuideKey(scale) }),
  );
  return guideFromStored(scale, Item?.sizes);
}

/** Every scale's guide, in the scales' order (the admin's page): one BatchGetItem. */
export async function listSizeGuides(ctx: Context): Promise<SizeGuide[]> {
  const items = await batchGetItems(
    ctx,
    SIZE_SCALE_IDS.map((scale) => sizeGuideKey(scale)),
    { consistent: true },
  );
  const byScale = new Map(items.map((item) => [item.scale, item.sizes]));
  return SIZE_SCALE_IDS.map((scale) => guideFromStored(scale, byScale.get(scale)));
}

/** The admin's guide for a scale (parsed by ./size-guides.ts parseGuideForm), replacing the last. */
export async function saveSizeGuide(
  ctx: Context,
  guide: SizeGuide,
  now = new Date(),
): Promise<void> {
  await ctx.db.send(
    new PutCommand({
      TableName: ctx.tableName,
      Item: {
        ...sizeGuideKey(guide.scale),
        entity: "sizeGuide",
        scale: guide.scale,
        sizes: guide.sizes,
        updatedAt: now.toISOString(),
      },
    }),
  );
}
