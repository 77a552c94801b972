// The seed (docs/architecture.md §6): the catalogue with its images, customer accounts with reviews, the
// admin account and the promotion codes. Idempotent: whatever exists already is left as it is,
// so running it on every `npm start` is cheap and never duplicates anything.
import { createHash } from "node:crypto";
import { HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { createUser, findUserByEmail, type User } from "@shop/core/server/accounts";
import { createProduct, getProductBySlug, type Product } from "@shop/core/server/catalog";
import type { Context } from "@shop/core/server/context";
import { backfillCustomerIndex } from "@shop/core/server/customers";
import { purchaseKey } from "@shop/core/server/db";
import { listAllStock, saveStock } from "@shop/core/server/inventory";
import { createPromotion, promotionCodeUsed } from "@shop/core/server/promotions";
import { ALREADY_REVIEWED, writeReview } from "@shop/core/server/reviews";
import { SEED_CUSTOMERS, SEED_PRODUCTS, SEED_REVIEWS, seedStock } from "../seed-data/index.ts";

export const ADMIN_EMAIL = "admin@example.com";
export const SEED_PROMOTIONS = [
  { code: "WELCOME10", label: "Welcome offer: 10 € off", amountCents: 1000 },
  { code: "ONCE5", label: "5 € off, single use", amountCents: 500, usageLimit: 1 },
];

export interface SeedOptions {
  adminPassword: string;
  customerPassword: string;
  log?: (line: string) => void;
}

/** A stable id per seed product, so re-seeding a fresh table gives the same URLs and ids. */
const seedId = (slug: string) => {
  const h = createHash("sha256").update(`seed-product:${slug}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

/** Runs `fn` over `items`, `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function ensureUser(
  ctx: Context,
  person: { firstName: string; lastName: string; email: string },
  password: string,
  admin = false,
): Promise<User> {
  return (
    (await findUserByEmail(ctx, person.email)) ??
    // Made by the operator, with addresses the operator vouches for.
    (await createUser(ctx, { ...person, password }, { admin, emailVerified: true }))
  );
}

export async function seed(ctx: Context, options: SeedOptions) {
  const log = options.log ?? (() => {});
  const started = Date.now();

  // Products and their images.
  const products = new Map<string, Product>();
  let created = 0;
  let done = 0;
  // Which products have stock already (the catalogue's products' stock items, 100 a read).
  const stocked = await listAllStock(ctx);
  await eachLimited(SEED_PRODUCTS, 8, async (seedProduct) => {
    let product = await getProductBySlug(ctx, seedProduct.slug);
    if (!product) {
      for (const image of seedProduct.images) await uploadImage(ctx, image.key, image.svg);
      // Its colourways, each photo under its colour, its size scale, and units per variant
      // (docs/product.md §9); SKUs are the suggested ones.
      const { images, createdAt, ...fields } = seedProduct;
      product = await createProduct(
        ctx,
        { ...fields, images: images.map(({ key, alt, colour }) => ({ key, alt, colour })) },
        { id: seedId(seedProduct.slug), createdAt },
      );
      created++;
    } else if (!stocked.has(product.id)) {
      // Seeded before the shop kept stock: give its variants (as it has them) their stock now.
      const stock = seedStock(
        SEED_PRODUCTS.indexOf(seedProduct),
        product.colourways.map((colourway) => colourway.colour.id),
        product.sizes,
      );
      await saveStock(
        ctx,
        product.id,
        Object.entries(stock).map(([key, typed]) => ({ key, shown: 0, typed })),
      );
    }
    products.set(product.slug, product);
    if (++done % 20 === 0 || done === SEED_PRODUCTS.length) {
      log(`  products ${done}/${SEED_PRODUCTS.length}`);
    }
  });

  // Accounts.
  await ensureUser(
    ctx,
    { firstName: "Ada", lastName: "Admin", email: ADMIN_EMAIL },
    options.adminPassword,
    true,
  );
  const customers = new Map<string, User>();
  await eachLimited(SEED_CUSTOMERS, 4, async (person) => {
    customers.set(person.email, await ensureUser(ctx, person, options.customerPassword));
  });
  // Accounts seeded before the admin's customers list get its index key (once per table).
  const backfilled = await backfillCustomerIndex(ctx);
  if (backfilled > 0) log(`  ${backfilled} accounts added to the customers list`);

  // Reviews (one per customer and product: a second write is refused by its condition).
  let reviews = 0;
  await eachLimited(SEED_REVIEWS, 8, async (r) => {
    const product = products.get(r.productSlug);
    const author = customers.get(r.customerEmail);
    if (!product || !author) throw new Error(`seed review refers to unknown ${r.productSlug}`);
    try {
      await writeReview(ctx, {
        productId: product.id,
        userId: author.id,
        authorFirstName: author.firstName,
        authorLastName: author.lastName,
        rating: r.rating,
        description: r.description,
        createdAt: r.createdAt,
      });
      // A review follows a purchase (docs/product.md §6 "Customer"): the seeded ones get the
      // purchase mark a paid order writes, which the admin's customer page counts reviews from.
      await ctx.db.send(
        new PutCommand({
          TableName: ctx.tableName,
          Item: {
            ...purchaseKey(author.id, product.id),
            entity: "purchase",
            userId: author.id,
            productId: product.id,
            purchasedAt: r.createdAt,
          },
        }),
      );
      reviews++;
    } catch (error) {
      if (!(error instanceof Error && error.message === ALREADY_REVIEWED)) throw error;
    }
  });

  // Promotion codes (one an admin deleted stays deleted: its code is retired, not re-created).
  for (const promotion of SEED_PROMOTIONS) {
    if (!(await promotionCodeUsed(ctx, promotion.code))) await createPromotion(ctx, promotion);
  }

  log(
    `  seed done in ${Date.now() - started} ms: ${created} new of ${SEED_PRODUCTS.length} products, ${reviews} new reviews`,
  );
}

async function uploadImage(ctx: Context, key: string, svg: string) {
  const bucket = ctx.config.imagesBucket;
  const s3 = await ctx.s3();
  const exists = await s3
    .send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
    .then(() => true)
    .catch(() => false);
  if (exists) return;
  await s3.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: svg,
      ContentType: "image/svg+xml",
      CacheControl: "public, max-age=31536000, immutable",
    }),
  );
}
