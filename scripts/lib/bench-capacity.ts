// npm run bench's capacity section (BENCH_CAPACITY_ONLY=1 runs it alone): a Black Friday scaled
// down in time, against the shop with its table behind the local cloud's capacity recorder
// (packages/local-cloud/src/capacity.ts), projected to the full load; the model and its figures
// are docs/decisions/040-capacity-model.md.
//
// The shop is started from the parts `npm start` starts (scripts/dev.ts): the local cloud (here in
// memory), the seed, the functions of the registry on the table's stream, the web server of the
// production build (`npm run build` first). The site, the bench's checkout calls (core's
// placeForShopper and the local test gateway's payment, whose webhook marks the order paid, as
// the checkout and the rehearsal do) and the functions each reach the table through a door of
// the recorder of their own, so their units are told apart.
//
// Each flow runs alone, at 1/BENCH_CAPACITY_SCALE (default 50) of its rate for
// BENCH_CAPACITY_SECONDS (default 15), then the table is left to go quiet (the reactions done):
// - browse: anonymous page views; only the edge cache's misses (MISS_SHARE) reach the origin;
// - signed-in pages: the seeded customers' origin requests;
// - checkout: paid orders of one unit of a random seeded product, a shopper each, one in four
//   with the seed's unlimited promotion code;
// - flash sale: order attempts on one product, in bursts (each second's attempts at once), paid;
//   the product has BENCH_CAPACITY_FLASH_UNITS units (default 100,000: every attempt sells, the
//   selling phase; fewer, and the attempts past the last unit are answered sold out), its stock
//   spread over BENCH_CAPACITY_FLASH_SHARDS stock items (default 10, as an admin spreads a sale's
//   product; 1: its one stock item, docs/decisions/043-stock-shards.md);
// - newsletter: a send to BENCH_CAPACITY_SUBSCRIBERS (default 300) subscribers, per recipient;
// - the stream readers' writes: what the functions wrote during the checkout and the flash sale,
//   per paid order.
// Each key's units per operation of a flow are projected at the flow's full rate (FULL_RATES).
// Printed: the hottest keys by key shape against the partition's limits, each flow's ceiling (the
// rate at which it first passes 50% of a limit, and on which key), and the transactions seen
// overlapping on one item. Figures only: nothing here asserts.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseCatalogQuery } from "@shop/core/catalog";
import { unitsOfEach } from "@shop/core/inventory";
import { loadAbuseLimits } from "@shop/core/server/accounts";
import { createProduct, getCatalogPage } from "@shop/core/server/catalog";
import { confirmCardPayment, placeForShopper } from "@shop/core/server/checkout";
import { createContext, loadConfig } from "@shop/core/server/context";
import { SALE_STOCK_SHARDS, spreadStock } from "@shop/core/server/inventory";
import {
  getNewsletterSend,
  requestNewsletterSend,
  setSubscription,
} from "@shop/core/server/newsletter";
import {
  type CapacityRecorder,
  freePort,
  type ItemOverlap,
  type KeyUsage,
  REPO_ROOT,
  startCapacityRecorder,
  startLocalCloud,
  waitFor,
} from "@shop/local-cloud";
import { signIn } from "./bench-edge.ts";

/** AWS's per-partition limits (units a second), for the table's and each index's partitions. */
export const PARTITION_LIMITS = { read: 3000, write: 1000 } as const;
/** A flow's ceiling is where its hottest key first passes this share of its limit. */
export const CEILING_SHARE = 0.5;
/** Of the anonymous page views at the edge, the share that reaches the origin (decision 018's ≤ 50 per 1,000). */
export const MISS_SHARE = 0.05;

/** The full load (the Black Friday of docs/decisions/040-capacity-model.md), per flow. */
export const FULL_RATES = {
  browse: { rate: 2000, unit: "page views/s at the edge" },
  signedIn: { rate: 300, unit: "signed-in origin requests/s" },
  checkout: { rate: 50, unit: "paid orders/s" },
  flash: { rate: 500, unit: "order attempts/s on one product" },
  // 500,000 subscribers in an hour.
  newsletter: { rate: 500_000 / 3600, unit: "recipients/s" },
  readers: { rate: 50, unit: "paid orders/s" },
} as const;
export type FlowName = keyof typeof FULL_RATES;
export const FLOW_TITLES: Record<FlowName, string> = {
  browse: "browse",
  signedIn: "signed-in pages",
  checkout: "checkout",
  flash: "flash sale",
  newsletter: "newsletter",
  readers: "stream readers' writes",
};

/**
 * A key's shape: each id in it replaced by <id>, so that SESSION#<id> is one row while a key with
 * no id (ORDERS, PAYDUE, SALES#DAYS…) stays itself. A part of the key between `#`s is a word when
 * it is upper case letters, digits and `_` (and not a long code with digits); anything else is an id.
 */
export function keyShape(key: string): string {
  return key
    .split("#")
    .map((part) =>
      /^[A-Z][A-Z0-9_]*$/.test(part) && !(/\d/.test(part) && part.length >= 8) ? part : "<id>",
    )
    .join("#");
}

/** A partition: of the table, or of an index (shown `gsi1:KEY`). */
export const partitionName = (u: { index?: string; key: string }) =>
  u.index ? `${u.index}:${u.key}` : u.key;

/** Read and write units a second on each partition. */
export type Load = Map<string, { read: number; write: number }>;

/** Each partition's units per operation of a flow: its measured units over its operations. */
export function perOperation(usage: KeyUsage[], operations: number): Load {
  const load: Load = new Map();
  if (operations <= 0) return load;
  for (const u of usage) {
    const name = partitionName(u);
    const entry = load.get(name) ?? { read: 0, write: 0 };
    entry.read += u.read / operations;
    entry.write += u.write / operations;
    load.set(name, entry);
  }
  return load;
}

/** Per-operation units at `rate` operations a second. */
export function atRate(perOp: Load, rate: number): Load {
  return new Map([...perOp].map(([k, v]) => [k, { read: v.read * rate, write: v.write * rate }]));
}

/** Loads added up, partition by partition. */
export function sumLoads(loads: Load[]): Load {
  const total: Load = new Map();
  for (const load of loads) {
    for (const [k, v] of load) {
      const entry = total.get(k) ?? { read: 0, write: 0 };
      entry.read += v.read;
      entry.write += v.write;
      total.set(k, entry);
    }
  }
  return total;
}

/** The larger of a partition's read and write shares of its limits. */
export function shareOfLimit(units: { read: number; write: number }): {
  share: number;
  kind: "read" | "write";
} {
  const read = units.read / PARTITION_LIMITS.read;
  const write = units.write / PARTITION_LIMITS.write;
  return write >= read ? { share: write, kind: "write" } : { share: read, kind: "read" };
}

export interface ShapeRow {
  shape: string;
  keys: number;
  /** The shape's hottest partition, its units a second and its share of its limit. */
  hottest: string;
  read: number;
  write: number;
  share: number;
  kind: "read" | "write";
}

/** Partitions grouped by shape, each group shown by its hottest partition; hottest first. */
export function hottestByShape(load: Load): ShapeRow[] {
  const rows = new Map<string, ShapeRow>();
  for (const [name, units] of load) {
    const [index, key] = name.includes(":") ? name.split(/:(.*)/s) : [undefined, name];
    const shape = index ? `${index}:${keyShape(key ?? "")}` : keyShape(name);
    const { share, kind } = shareOfLimit(units);
    const row = rows.get(shape);
    if (!row) {
      rows.set(shape, { shape, keys: 1, hottest: name, ...units, share, kind });
      continue;
    }
    row.keys++;
    if (share > row.share) Object.assign(row, { hottest: name, ...units, share, kind });
  }
  return [...rows.values()].sort((a, b) => b.share - a.share);
}

export interface Ceiling {
  /** Operations a second at which the flow's hottest partition reaches CEILING_SHARE. */
  rate: number;
  partition: string;
  kind: "read" | "write";
}

/** A flow's ceiling alone: the rate at which its first partition passes CEILING_SHARE of a limit. */
export function ceilingOf(perOp: Load): Ceiling | undefined {
  let best: Ceiling | undefined;
  for (const [partition, units] of perOp) {
    for (const kind of ["read", "write"] as const) {
      if (units[kind] <= 0) continue;
      const rate = (CEILING_SHARE * PARTITION_LIMITS[kind]) / units[kind];
      if (!best || rate < best.rate) best = { rate, partition, kind };
    }
  }
  return best;
}

/** Overlapping transactions by the shape of the item they touched (pk / sk). */
export function conflictsByShape(overlaps: ItemOverlap[]): Array<{ shape: string; count: number }> {
  const rows = new Map<string, number>();
  for (const o of overlaps) {
    const shape = `${keyShape(o.pk)} / ${keyShape(o.sk)}`;
    rows.set(shape, (rows.get(shape) ?? 0) + o.transactions);
  }
  return [...rows].map(([shape, count]) => ({ shape, count })).sort((a, b) => b.count - a.count);
}

const fixed = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
const percent = (share: number) => `${(share * 100).toFixed(share >= 0.1 ? 0 : 1)}%`;

/** The report's lines: hottest keys, each flow's ceiling, conflicts. */
export function capacityReport(input: {
  perOp: Partial<Record<FlowName, Load>>;
  overlaps: ItemOverlap[];
  scale: number;
  seconds: number;
  top?: number;
}): string[] {
  const flows = Object.keys(input.perOp) as FlowName[];
  const full = sumLoads(
    flows.map((flow) => atRate(input.perOp[flow] ?? new Map(), FULL_RATES[flow].rate)),
  );
  const lines: string[] = [];
  lines.push(
    `Capacity at the full load (each flow measured alone at 1/${input.scale} of its rate for ${input.seconds} s, projected; limits per partition: ${PARTITION_LIMITS.read} read, ${PARTITION_LIMITS.write} write units/s):`,
  );
  const rows = hottestByShape(full).slice(0, input.top ?? 15);
  const header = ["key shape", "keys", "hottest", "read/s", "write/s", "of limit"];
  const cells = rows.map((r) => [
    r.shape,
    String(r.keys),
    r.hottest.length > 48 ? `${r.hottest.slice(0, 45)}…` : r.hottest,
    fixed(r.read),
    fixed(r.write),
    `${percent(r.share)} ${r.kind}${r.share > CEILING_SHARE ? "  OVER 50%" : ""}`,
  ]);
  lines.push(...table(header, cells));
  lines.push("");
  lines.push(
    "Each flow's ceiling (alone: where its hottest partition first passes 50% of a limit):",
  );
  const ceilingRows = flows.map((flow) => {
    const { rate, unit } = FULL_RATES[flow];
    const ceiling = ceilingOf(input.perOp[flow] ?? new Map());
    return [
      FLOW_TITLES[flow],
      `${fixed(rate)} ${unit}`,
      ceiling ? `${fixed(ceiling.rate)}/s` : "—",
      ceiling ? `${fixed((rate / ceiling.rate) * CEILING_SHARE * 100)}%` : "—",
      ceiling ? `${ceiling.partition} (${ceiling.kind})` : "no table units",
    ];
  });
  lines.push(
    ...table(
      ["flow", "full load", "ceiling", "hottest at full", "first key past 50%"],
      ceilingRows,
    ),
  );
  lines.push("");
  const conflicts = conflictsByShape(input.overlaps);
  lines.push(
    "Transactions that touched an item while another write to it was under way (at the scaled rate; AWS cancels them, TransactionConflict):",
  );
  if (conflicts.length === 0) lines.push("  none seen");
  for (const c of conflicts) lines.push(`  ${c.shape}: ${c.count}`);
  return lines;
}

function table(headers: string[], rows: string[][]): string[] {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)];
}

// ---------------------------------------------------------------------------------------------
// The run.

export interface CapacityOptions {
  scale: number;
  seconds: number;
  subscribers: number;
  /** The flash product's units (attempts past them are answered sold out). */
  flashUnits?: number;
  /** The flash product's stock shards (1: its one stock item). */
  flashShards?: number;
  log: (line: string) => void;
}

const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };
const ADDRESS = {
  address: "8 Calle Mayor",
  country: "Spain",
  city: "Madrid",
  zipCode: "28013",
  phone: "+34 600 000 000",
};
/** The seed's unlimited promotion code (docs/architecture.md §6), on one order in four. */
const PROMOTION_CODE = "WELCOME10";
const CUSTOMERS = [
  "ana.garcia@example.com",
  "liam.obrien@example.com",
  "mei.chen@example.com",
  "jonas.weber@example.com",
  "amara.okafor@example.com",
  "lucas.martin@example.com",
  "sofia.rossi@example.com",
  "noah.jensen@example.com",
];

/** Runs `operation` `rate` times a second (each second's at once) for `seconds`; answers how many ran. */
async function paced(
  rate: number,
  seconds: number,
  operation: (i: number) => Promise<unknown>,
): Promise<{ ran: number; failed: number; firstError?: unknown }> {
  let ran = 0;
  let failed = 0;
  let firstError: unknown;
  let owed = 0;
  const pending: Promise<unknown>[] = [];
  for (let second = 0; second < seconds; second++) {
    const started = Date.now();
    owed += rate;
    const now = Math.floor(owed);
    owed -= now;
    for (let j = 0; j < now; j++) {
      const i = ran++;
      pending.push(
        operation(i).catch((error: unknown) => {
          failed++;
          firstError ??= error;
        }),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (Date.now() - started))));
  }
  await Promise.all(pending);
  return { ran, failed, firstError };
}

/** Waits until the table has had no request for `quietMs` (the stream's reactions done). */
async function quiet(recorder: CapacityRecorder, quietMs = 2000, maxMs = 60_000) {
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    if (recorder.inFlight === 0 && Date.now() - recorder.lastRequestAt > quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function get(url: string, cookie?: string) {
  const res = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  await res.arrayBuffer();
  if (res.status >= 500) throw new Error(`GET ${url} answered ${res.status}`);
}

export async function runCapacityBench(options: CapacityOptions): Promise<string[]> {
  const { scale, seconds, log } = options;
  const serverBuild = join(REPO_ROOT, "web", "build", "server", "index.js");
  if (!existsSync(serverBuild)) throw new Error("the capacity section needs `npm run build` first");
  const started = Date.now();
  const dataDir = await mkdtemp(join(tmpdir(), "shop-capacity-"));
  const stops: Array<() => Promise<unknown>> = [];
  try {
    log("Capacity: starting the local cloud, the seed, the functions and the site…");
    const cloud = await startLocalCloud({ dataDir, inMemory: true });
    stops.push(() => cloud.stop());
    const recorder = await startCapacityRecorder(cloud.env.DYNAMODB_ENDPOINT as string);
    stops.push(() => recorder.close());
    const [siteDoor, checkoutDoor, functionsDoor] = await Promise.all([
      recorder.door("site"),
      recorder.door("checkout"),
      recorder.door("functions"),
    ]);
    const { applyLocalDefaults } = await import("./cloud.ts");
    applyLocalDefaults(cloud.env);
    const { seed } = await import("./seed.ts");
    const setup = createContext(loadConfig({ ...process.env, PAYMENTS: "test" }));
    await seed(setup, {
      adminPassword: process.env.SEED_ADMIN_PASSWORD ?? "",
      customerPassword: process.env.SEED_CUSTOMER_PASSWORD ?? "",
      log: () => {},
    });

    // The functions, on the table's stream, reach the table through their door.
    process.env.DYNAMODB_ENDPOINT = functionsDoor;
    // The dispatcher forwards the catalogue's changes to the edge purge as well.
    const { localSchedules, localStreamHandlers } = await import("@shop/local-cloud/functions");
    const deliver = await localStreamHandlers();
    await cloud.deliverEvents((records) => deliver({ Records: records as never }));
    for (const schedule of await localSchedules()) {
      const timer = setInterval(() => void schedule.run().catch(() => {}), schedule.everyMs);
      stops.push(async () => clearInterval(timer));
    }

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const site: ChildProcess = spawn(
      process.execPath,
      ["--import", "tsx", join(REPO_ROOT, "web", "server.ts")],
      {
        cwd: join(REPO_ROOT, "web"),
        env: {
          ...process.env,
          DYNAMODB_ENDPOINT: siteDoor,
          PORT: String(port),
          HOST: "127.0.0.1",
          NODE_ENV: "production",
          APP_URL: base,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let siteOutput = "";
    const keep = (chunk: Buffer) => {
      siteOutput = (siteOutput + chunk.toString()).slice(-20_000);
    };
    site.stdout?.on("data", keep);
    site.stderr?.on("data", keep);
    stops.push(async () => {
      if (site.exitCode === null) site.kill("SIGTERM");
    });
    await waitFor("the site", 60_000, async () => {
      if (site.exitCode !== null) throw new Error(`the site exited:\n${siteOutput}`);
      const res = await fetch(`${base}/healthz`).catch(() => undefined);
      return res?.ok === true;
    });

    const checkout = createContext(
      loadConfig({ ...process.env, DYNAMODB_ENDPOINT: checkoutDoor, PAYMENTS: "test" }),
    );
    const limits = loadAbuseLimits(process.env);
    const catalogue = await getCatalogPage(setup, parseCatalogQuery(new URLSearchParams()));
    const products = [...catalogue.items];
    for (let page = 2; page <= catalogue.pageCount; page++) {
      const next = await getCatalogPage(
        setup,
        parseCatalogQuery(new URLSearchParams({ page: String(page) })),
      );
      products.push(...next.items);
    }
    const inStock = products.filter((p) => p.inStock.length > 0);
    const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;
    const flashProduct = await createProduct(setup, {
      slug: "flash-sale-tee",
      name: "Flash sale tee",
      category: "Men",
      priceCents: 1500,
      description: "The flash sale's tee",
      sizes: ["M"],
      stock: unitsOfEach(["M"], options.flashUnits ?? 100_000),
      images: [{ key: "products/organic-cotton-crew-t-shirt/1.svg", alt: "tee" }],
    });
    await spreadStock(setup, flashProduct.id, options.flashShards ?? SALE_STOCK_SHARDS);
    const password = process.env.SEED_CUSTOMER_PASSWORD || "customer1234";
    const cookies: string[] = [];
    for (const email of CUSTOMERS) cookies.push(await signIn(base, email, password));
    // Warm the site (its catalogue read model, its code paths) before anything is recorded.
    for (const path of ["/", "/product", `/product/${products[0]?.slug}`, "/cart/view-cart"]) {
      await get(base + path, cookies[0]);
    }
    // Past its start, the site's output (a line per request) is not kept.
    site.stdout?.off("data", keep);
    site.stderr?.off("data", keep);
    site.stdout?.resume();
    site.stderr?.resume();
    await quiet(recorder, 2000);
    log(`  the shop is ready (${((Date.now() - started) / 1000).toFixed(0)} s); each flow alone:`);

    const usage: Partial<Record<FlowName, KeyUsage[]>> = {};
    const operations: Partial<Record<FlowName, number>> = {};
    const overlaps: ItemOverlap[] = [];
    const phase = async (
      name: string,
      run: () => Promise<{ ran: number; failed: number; firstError?: unknown }>,
    ) => {
      recorder.reset();
      const began = Date.now();
      const outcome = await run();
      await quiet(recorder);
      log(`  ${name}: ${((Date.now() - began) / 1000).toFixed(0)} s`);
      if (outcome.failed > 0) {
        log(
          `    ${outcome.failed} of ${outcome.ran} failed (first: ${String((outcome.firstError as Error)?.message ?? outcome.firstError)})`,
        );
      }
      overlaps.push(...recorder.overlaps());
      return { ...outcome, usage: recorder.usage() };
    };
    const from = (rows: KeyUsage[], ...sources: string[]) =>
      rows.filter((u) => sources.includes(u.source));

    const browsePaths = (i: number) => {
      const product = pick(products, i * 7);
      return pick(
        [
          "/",
          "/product",
          `/product/${product.slug}`,
          "/product?audience=women",
          `/product/${product.slug}`,
        ],
        i,
      );
    };
    const browse = await phase("browse (the edge's misses)", () =>
      paced((FULL_RATES.browse.rate * MISS_SHARE) / scale, seconds, (i) =>
        get(base + browsePaths(i)),
      ),
    );
    usage.browse = from(browse.usage, "site", "functions");
    operations.browse = browse.ran / MISS_SHARE;

    const signedPaths = (i: number) => {
      const product = pick(products, i * 5);
      return pick(
        ["/", "/product", `/product/${product.slug}`, "/cart/view-cart", "/order/order-history"],
        i,
      );
    };
    const signed = await phase("signed-in pages", () =>
      paced(FULL_RATES.signedIn.rate / scale, seconds, (i) =>
        get(base + signedPaths(i), pick(cookies, i)),
      ),
    );
    usage.signedIn = from(signed.usage, "site", "functions");
    operations.signedIn = signed.ran;

    const run = randomUUID().slice(0, 8);
    let paid = 0;
    let shoppers = 0;
    const order = async (shopper: string, line: object, promotionCode?: string) => {
      // Each shopper from an address of their own (the order limit counts per address too).
      const n = shoppers++;
      const placed = await placeForShopper(
        checkout,
        { userId: shopper, clientAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
        limits,
        {
          userId: shopper,
          email: `${shopper}@example.com`,
          lines: [line],
          address: ADDRESS,
          deliveryMethod: "STANDARD",
          ...(promotionCode ? { promotionCode } : {}),
        },
      );
      await confirmCardPayment(checkout, {
        userId: shopper,
        orderId: placed.order.id,
        card: CARD,
      });
      paid++;
    };
    const checkoutRun = await phase("checkout (paid orders)", () =>
      paced(FULL_RATES.checkout.rate / scale, seconds, (i) => {
        const product = pick(inStock, i * 11);
        const [colour, size] = (product.inStock[i % product.inStock.length] ?? "").split("/");
        // One order in four with the seed's unlimited code.
        return order(
          `bench-${run}-c${i}`,
          { productId: product.id, colour, size, quantity: 1 },
          i % 4 === 0 ? PROMOTION_CODE : undefined,
        );
      }),
    );
    usage.checkout = from(checkoutRun.usage, "checkout");
    operations.checkout = checkoutRun.ran;
    const readersUsage = from(checkoutRun.usage, "functions");

    const flash = await phase("flash sale (attempts on one product, in bursts)", () =>
      paced(FULL_RATES.flash.rate / scale, seconds, (i) =>
        order(`bench-${run}-f${i}`, { productId: flashProduct.id, size: "M", quantity: 1 }),
      ),
    );
    usage.flash = from(flash.usage, "checkout");
    operations.flash = flash.ran;
    readersUsage.push(...from(flash.usage, "functions"));
    usage.readers = readersUsage;
    operations.readers = paid;

    log(`  (subscribing ${options.subscribers} to the newsletter, not recorded…)`);
    for (let i = 0; i < options.subscribers; i += 20) {
      await Promise.all(
        Array.from({ length: Math.min(20, options.subscribers - i) }, (_, j) =>
          setSubscription(setup, `reader-${run}-${i + j}@example.com`, true),
        ),
      );
    }
    await quiet(recorder, 2000);
    let total = 0;
    const newsletter = await phase("newsletter (its send, fan-out and mail)", async () => {
      const send = await requestNewsletterSend(checkout, {
        subject: "Black Friday",
        body: `Everything is 30% off today.\n\n${"Our autumn collection, in every size. ".repeat(200)}`,
      });
      const done = await waitFor("the newsletter to be sent", 600_000, async () => {
        const now = await getNewsletterSend(setup, send.id);
        return now && now.status === "queued" && now.sent >= now.total ? now : false;
      }).catch(() => undefined);
      total = done?.total ?? 0;
      return { ran: 1, failed: done ? 0 : 1, firstError: done ? undefined : "not sent in time" };
    });
    usage.newsletter = newsletter.usage;
    operations.newsletter = total;

    const perOp: Partial<Record<FlowName, Load>> = {};
    for (const flow of Object.keys(usage) as FlowName[]) {
      perOp[flow] = perOperation(usage[flow] ?? [], operations[flow] ?? 0);
    }
    log(
      `  measured: ${browse.ran} origin requests browsing, ${signed.ran} signed in, ${checkoutRun.ran} orders, ${flash.ran} flash attempts, ${paid} paid in all, a newsletter to ${total}`,
    );
    return capacityReport({ perOp, overlaps, scale, seconds });
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}
