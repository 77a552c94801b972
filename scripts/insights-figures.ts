// npm run bench:insights: the admin dashboard's table calls with 10 orders and with 10,000.
//
// Starts a local cloud of its own (DynamoDB Local in memory, free ports). For each size, in a
// table of its own: the same 20 products, then that many orders written straight into the table
// (spread over the last 60 days: most paid, some shipped, delivered, cancelled or never paid),
// their aggregates built by the rebuild (`npm run aggregates:rebuild`'s function), and one load
// of the dashboard counted call by call, with the catalogue read model warm as in a running shop.
// The dashboard reads only the aggregates, so both sizes cost the same calls (docs/decisions/
// 017-aggregates-from-the-stream.md). BENCH_ORDERS changes the large size.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BatchWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { unitsOfEach } from "@shop/core/inventory";
import { formatPrice } from "@shop/core/pricing";
import { createProduct, type Product } from "@shop/core/server/catalog";
import { type Context, createContext, loadConfig } from "@shop/core/server/context";
import { CATALOG_VERSION_KEY, orderIndexes, orderKey } from "@shop/core/server/db";
import { loadDashboard, rebuildAggregates } from "@shop/core/server/insights";
import { ensureTable, startLocalCloud } from "@shop/local-cloud";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

const LARGE = Number(process.env.BENCH_ORDERS) > 0 ? Number(process.env.BENCH_ORDERS) : 10_000;
const SIZES = [10, LARGE];
const PRODUCTS = 20;
const DAY_MS = 24 * 3600 * 1000;

const log = (line: string) => console.log(line);

async function products(ctx: Context): Promise<Product[]> {
  const made: Product[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    made.push(
      await createProduct(ctx, {
        slug: `bench-product-${i}`,
        name: `Bench product ${i}`,
        category: "Women",
        priceCents: 1500 + 500 * i,
        description: "A product of the figures",
        sizes: ["M", "L"],
        stock: unitsOfEach(["M", "L"], i % 4 === 0 ? 3 : 100),
        images: [{ key: "bench.svg", alt: "bench" }],
      }),
    );
  }
  return made;
}

/** An order item as placing and paying write it, in one of the states a shop sees. */
function orderItem(i: number, catalogue: Product[], now: number): Record<string, unknown> {
  const id = `bench-${i.toString().padStart(6, "0")}`;
  const createdAt = new Date(now - ((i * 37) % (60 * 24)) * 3_600_000).toISOString();
  const product = catalogue[(i * 31) % catalogue.length] as Product;
  const quantity = 1 + (i % 3);
  const subtotalCents = product.priceCents * quantity;
  const kind = i % 10; // 0: never paid, 1: cancelled unpaid, 2: refunded, 3–4: shipped, 5: delivered
  const paid = kind >= 2;
  const paidAt = new Date(Date.parse(createdAt) + 60_000).toISOString();
  const later = new Date(Math.min(now, Date.parse(createdAt) + DAY_MS)).toISOString();
  const state =
    kind === 1 || kind === 2
      ? "CANCELED"
      : kind === 5
        ? "DELIVERED"
        : kind >= 3 && kind <= 4
          ? "SHIPPED"
          : "PENDING";
  return {
    ...orderKey(id),
    ...orderIndexes(`bench-user-${i % 500}`, createdAt, id),
    entity: "order",
    id,
    number: `TL-B${i.toString().padStart(7, "0")}`,
    userId: `bench-user-${i % 500}`,
    email: `bench${i % 500}@example.com`,
    state,
    payment: paid ? "paid" : kind === 1 ? "canceled" : "awaiting",
    address: {
      address: "1 Bench Street",
      country: "Spain",
      city: "Madrid",
      zipCode: "28001",
      phone: "600000000",
    },
    deliveryMethod: "STANDARD",
    lines: [
      {
        productId: product.id,
        size: "M",
        quantity,
        name: product.name,
        slug: product.slug,
        unitPriceCents: product.priceCents,
      },
    ],
    subtotalCents,
    taxCents: 0,
    shippingCents: 0,
    discountCents: 0,
    totalCents: subtotalCents,
    createdAt,
    updatedAt: later,
    ...(paid ? { paidAt } : {}),
    ...(state === "SHIPPED" || state === "DELIVERED" ? { shippedAt: later } : {}),
    ...(state === "DELIVERED" ? { deliveredAt: later } : {}),
    ...(state === "CANCELED" ? { canceledAt: later } : {}),
    ...(kind === 2 ? { refundId: `re_${id}`, refundedAt: later, refundDue: false } : {}),
  };
}

async function writeOrders(ctx: Context, count: number, catalogue: Product[], now: number) {
  const items = Array.from({ length: count }, (_, i) => orderItem(i, catalogue, now));
  const batches: Array<Array<Record<string, unknown>>> = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  // A few batches at once: DynamoDB Local takes them faster than one by one.
  for (let i = 0; i < batches.length; i += 8) {
    await Promise.all(
      batches.slice(i, i + 8).map(async (batch) => {
        let requests = batch.map((Item) => ({ PutRequest: { Item } }));
        while (requests.length > 0) {
          const { UnprocessedItems } = await ctx.db.send(
            new BatchWriteCommand({ RequestItems: { [ctx.tableName]: requests } }),
          );
          requests = (UnprocessedItems?.[ctx.tableName] ?? []) as typeof requests;
        }
      }),
    );
  }
}

interface Figures {
  orders: number;
  rebuildSeconds: number;
  calls: number;
  commands: string[];
  revenueCents: number;
}

async function measure(cloudEnv: Record<string, string>, size: number): Promise<Figures> {
  const tableName = `insights-${size}`;
  await ensureTable(cloudEnv.DYNAMODB_ENDPOINT as string, tableName);
  const ctx = createContext(loadConfig({ ...cloudEnv, TABLE_NAME: tableName, PAYMENTS: "test" }));
  const commands: string[] = [];
  ctx.db.middlewareStack.add(
    (next, context) => async (args) => {
      commands.push(String(context.commandName));
      return next(args);
    },
    { step: "initialize", name: "countTableCalls" },
  );
  const now = Date.now();
  log(`${size} orders: 20 products, the orders, their aggregates…`);
  const catalogue = await products(ctx);
  await writeOrders(ctx, size, catalogue, now);
  const started = Date.now();
  await rebuildAggregates(ctx, { now: new Date(now) });
  const rebuildSeconds = (Date.now() - started) / 1000;
  // As a running shop: the catalogue settled in the index and its read model loaded once.
  await ctx.db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: CATALOG_VERSION_KEY,
      UpdateExpression: "SET changedAt = :at",
      ExpressionAttributeValues: { ":at": 0 },
    }),
  );
  await loadDashboard(ctx, new Date(now));
  commands.length = 0;
  const dashboard = await loadDashboard(ctx, new Date(now));
  return {
    orders: size,
    rebuildSeconds,
    calls: commands.length,
    commands: [...commands],
    revenueCents: dashboard.periods[2]?.current.revenueCents ?? 0,
  };
}

const dataDir = await mkdtemp(join(tmpdir(), "insights-figures-"));
const cloud = await startLocalCloud({
  dataDir,
  inMemory: true,
  ports: { dynamodb: 0, s3: 0, ses: 0 },
  tableName: "insights-figures",
});
try {
  const results: Figures[] = [];
  for (const size of SIZES) results.push(await measure(cloud.env, size));
  log("");
  log("Admin dashboard: table calls of one load (warm), by number of orders");
  log(
    "orders  | calls | Scan | commands                                        | rebuild | revenue, 30 days",
  );
  for (const r of results) {
    const scans = r.commands.filter((c) => c === "ScanCommand").length;
    const counted = [...new Set(r.commands)]
      .map((c) => `${r.commands.filter((x) => x === c).length}× ${c.replace(/Command$/, "")}`)
      .join(", ");
    log(
      `${String(r.orders).padStart(7)} | ${String(r.calls).padStart(5)} | ${String(scans).padStart(4)} | ${counted.padEnd(47)} | ${`${r.rebuildSeconds.toFixed(1)} s`.padStart(7)} | ${formatPrice(r.revenueCents)}`,
    );
  }
  const [small, large] = results;
  const same = small && large && small.calls === large.calls;
  log(same ? "Equal: the dashboard's calls do not grow with the orders." : "NOT EQUAL");
  if (!same || results.some((r) => r.commands.includes("ScanCommand"))) process.exitCode = 1;
} finally {
  await cloud.stop();
  await rm(dataDir, { recursive: true, force: true });
}
