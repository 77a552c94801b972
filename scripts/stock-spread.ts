// npm run stock:spread -- <slug> [shards]: before a flash sale, spreads a product's stock over
// stock items of their own partition keys (10 unless told; core/src/inventory/stock.server.ts
// spreadStock, docs/decisions/043-stock-shards.md), so that its orders do not all write one item.
// Exact at any moment (one conditional transaction; the sums do not change), and never undone: a
// product's shards only grow. On a stage, set STAGE and TABLE_NAME as the stage has them, with
// AWS credentials; locally it runs against the running shop's cloud, or starts one.

import { getProductBySlug } from "@shop/core/server/catalog";
import { createContext } from "@shop/core/server/context";
import {
  getStock,
  MAX_STOCK_SHARDS,
  SALE_STOCK_SHARDS,
  spreadStock,
} from "@shop/core/server/inventory";
import { applyLocalDefaults, runningCloudEnv, startDevCloud } from "./lib/cloud.ts";

const [slug, shardsArg] = process.argv.slice(2);
const shards = shardsArg === undefined ? SALE_STOCK_SHARDS : Number(shardsArg);
if (!slug || !Number.isInteger(shards) || shards < 2 || shards > MAX_STOCK_SHARDS) {
  console.error(`Usage: npm run stock:spread -- <product slug> [shards, 2 to ${MAX_STOCK_SHARDS}]`);
  process.exit(2);
}

const deployed = (process.env.STAGE || "local") !== "local";
const running = deployed ? null : await runningCloudEnv();
const cloud = deployed || running ? null : await startDevCloud(console.log);
if (!deployed) applyLocalDefaults(running ?? cloud?.env ?? {});
try {
  const ctx = createContext();
  const product = await getProductBySlug(ctx, slug);
  if (!product) {
    console.error(`${ctx.tableName}: no product has the slug "${slug}".`);
    process.exitCode = 1;
  } else {
    const now = await spreadStock(ctx, product.id, shards);
    const units = Object.values(await getStock(ctx, product.id)).reduce((a, n) => a + n, 0);
    console.log(`${ctx.tableName}: ${product.name}'s ${units} units are on ${now} stock items.`);
  }
} finally {
  await cloud?.stop();
}
