// Every key of the one table, in one place (the access patterns are in ./README.md).
// Entities keep their own attributes; only keys and index values are built here, so the
// whole layout of the table can be read in one screen.
import { allShards, shardOf } from "./shards.ts";

/** User profile: pk USER#<id> sk PROFILE. */
export const userKey = (id: string) => ({ pk: `USER#${id}`, sk: "PROFILE" });
/**
 * gsi1 CUSTOMERS lists every account by sign-up date (the admin's customers, newest first),
 * written on the user item at sign-up; a deleted account leaves it with its item.
 */
export const customerIndex = (createdAt: string, id: string) => ({
  gsi1pk: "CUSTOMERS",
  gsi1sk: `${createdAt}#${id}`,
});
/** A one-off migration's mark, written once it is done (core/src/customers/backfill.server.ts). */
export const migrationKey = (name: string) => ({ pk: `MIGRATION#${name}`, sk: "MIGRATION" });
/** E-mail claim (one account per e-mail, by condition): pk EMAIL#<lower-case e-mail>. */
export const emailKey = (email: string) => ({
  pk: `EMAIL#${email.trim().toLowerCase()}`,
  sk: "EMAIL",
});
/** Saved address: in the user's partition, listed with begins_with(sk, "ADDRESS#"). */
export const addressKey = (userId: string, addressId: string) => ({
  pk: `USER#${userId}`,
  sk: `ADDRESS#${addressId}`,
});
/** Purchase marker (may review): written when an order containing the product is paid. */
export const purchaseKey = (userId: string, productId: string) => ({
  pk: `USER#${userId}`,
  sk: `PURCHASE#${productId}`,
});
/** Session: pk SESSION#<sha256(session id)>; gsi1 USER#<id>#SESSIONS lists a user's sessions. */
export const sessionKey = (idHash: string) => ({ pk: `SESSION#${idHash}`, sk: "SESSION" });
export const userSessionsIndex = (userId: string) => ({ gsi1pk: `USER#${userId}#SESSIONS` });
/** Password-reset token: pk RESET#<sha256(token)>, single use, expires by TTL and by check. */
export const resetTokenKey = (tokenHash: string) => ({ pk: `RESET#${tokenHash}`, sk: "RESET" });

/** An e-mail change (or verification) link's token, by its hash: email-change.server.ts. */
export const emailChangeKey = (tokenHash: string) => ({
  pk: `EMAILCHANGE#${tokenHash}`,
  sk: "EMAILCHANGE",
});

/** Product: gsi1 CATALOG (the catalogue read model), gsi2 SLUG#<slug> (the product page). */
export const productKey = (id: string) => ({ pk: `PRODUCT#${id}`, sk: "PRODUCT" });
export const productIndexes = (id: string, slug: string) => ({
  gsi1pk: "CATALOG",
  gsi1sk: `PRODUCT#${id}`,
  gsi2pk: `SLUG#${slug}`,
  gsi2sk: "PRODUCT",
});
/** SKU claim (a SKU unique across the shop, by condition): names its product and variant. */
export const skuKey = (sku: string) => ({ pk: `SKU#${sku}`, sk: "SKU" });
/** Slug claim (unique slug, by condition). */
export const slugKey = (slug: string) => ({ pk: `SLUG#${slug}`, sk: "SLUG" });
/** Catalogue version, bumped in every transaction that changes what the catalogue shows. */
export const CATALOG_VERSION_KEY = { pk: "CATALOG", sk: "VERSION" } as const;
/** When the sales' scheduled purge last ran (core/src/edge-cache/markdowns.server.ts). */
export const MARKDOWN_PURGE_KEY = { pk: "MARKDOWNS", sk: "PURGED" } as const;
/**
 * The pages an automatic offer shows on changed (created, deleted, started, ended): put each time
 * (./offer-pages.ts), for its stream record only, which the edge purge reads.
 */
export const OFFER_PAGES_KEY = { pk: "OFFERS", sk: "PAGES" } as const;

/**
 * Stock of one product: units per variant in the map `counts`, changed only by conditional or
 * relative updates (core/src/inventory). In no index: read by key, the lists through the
 * catalogue's products (an index partition of every product's stock was rewritten by every
 * order: docs/decisions/041-flash-sale-stock.md); an older item's gsi1 STOCK keys are removed by
 * its next update.
 */
export const stockKey = (productId: string) => ({ pk: `PRODUCT#${productId}`, sk: "STOCK" });
/**
 * A shard of a product's stock, once spread for a sale (core/src/inventory/stock.server.ts
 * spreadStock): shard 0 is the product's one stock item (stockKey), shards 1… each a partition key
 * of its own, so that a sale's writes are not all on one key
 * (docs/decisions/043-stock-shards.md).
 */
export const stockShardKey = (productId: string, shard: number) =>
  shard === 0 ? stockKey(productId) : { pk: `PRODUCT#${productId}#STOCK#${shard}`, sk: "STOCK" };
/** The product of a stock item's (or shard's) partition key. */
export const stockProductId = (pk: string) =>
  pk.replace(/^PRODUCT#/, "").replace(/#STOCK#\d+$/, "");
/** A shopper waiting for a sold-out size: one per address, product and size. */
export const restockRequestKey = (productId: string, size: string, email: string) => ({
  pk: `PRODUCT#${productId}`,
  sk: `RESTOCK#${size}#${email.trim().toLowerCase()}`,
});

/** Review: one per user and product (by condition) in the product's partition. */
export const reviewKey = (productId: string, userId: string) => ({
  pk: `PRODUCT#${productId}`,
  sk: `REVIEW#${userId}`,
});
export const reviewIndexes = (productId: string, userId: string, createdAt: string) => ({
  gsi1pk: `REVIEWS#${productId}`,
  gsi1sk: `${createdAt}#${userId}`,
  gsi2pk: "REVIEWS",
  gsi2sk: `${createdAt}#${productId}#${userId}`,
});

/** Order: gsi1 the customer's history, gsi2 all orders (admin), both newest first. */
export const orderKey = (id: string) => ({ pk: `ORDER#${id}`, sk: "ORDER" });
/** The gsi1 partition of one customer's orders. */
export const userOrdersIndex = (userId: string) => ({ gsi1pk: `USER#${userId}#ORDERS` });
/**
 * Partitions of gsi2's list of all orders: every write of every order rewrites its entry, so the
 * list is sharded by the order's id (docs/decisions/040-capacity-model.md).
 */
export const ORDER_INDEX_SHARDS = 10;
export const orderIndexes = (userId: string, createdAt: string, id: string) => ({
  ...userOrdersIndex(userId),
  gsi1sk: `${createdAt}#${id}`,
  gsi2pk: `ORDERS#${shardOf(id, ORDER_INDEX_SHARDS)}`,
  gsi2sk: `${createdAt}#${id}`,
});
/**
 * Every gsi2 partition of the orders, merged by the admin's list and the export: each shard, and
 * the single partition of the orders placed before the shards (they stay there).
 */
export const orderIndexPartitions = (): string[] => [
  ...allShards(ORDER_INDEX_SHARDS).map((shard) => `ORDERS#${shard}`),
  "ORDERS",
];
/** Partitions of the payment deadlines: every placed order writes one, so they are sharded. */
export const PAYMENT_DEADLINE_SHARDS = 8;
/**
 * Payment deadline of an order still awaiting its payment (a shard of the deadlines chosen by
 * the order's id, sorted by deadline): the abandoned-payment sweep reads only the due ones of
 * each shard (core/src/checkout/abandoned.server.ts).
 */
export const paymentDeadlineKey = (deadline: string, orderId: string) => ({
  pk: `PAYDUE#${shardOf(orderId, PAYMENT_DEADLINE_SHARDS)}`,
  sk: `${deadline}#${orderId}`,
});
/**
 * Every partition the sweep reads: each shard, and the single key the deadlines had before they
 * were sharded (an order placed by the code of before a deploy; empty a week later, by TTL).
 */
export const paymentDeadlinePartitions = (): string[] => [
  ...allShards(PAYMENT_DEADLINE_SHARDS).map((shard) => `PAYDUE#${shard}`),
  "PAYDUE",
];
/** Payment intent → order, for the webhook. */
export const paymentKey = (paymentIntentId: string) => ({
  pk: `PAYMENT#${paymentIntentId}`,
  sk: "PAYMENT",
});

/**
 * Promotion, by its id: a code's id is the code (unique by condition, case as stored); an
 * automatic offer's id is `auto:<uuid>` (a code has no ":"). gsi1 PROMOS lists them all, the
 * automatic ones together (begins_with "auto:").
 */
export const promotionKey = (id: string) => ({ pk: `PROMO#${id}`, sk: "PROMO" });
export const promotionIndexes = (id: string) => ({ gsi1pk: "PROMOS", gsi1sk: id });
export const AUTOMATIC_OFFER_PREFIX = "auto:";
/**
 * A customer's claim on a promotion, written by condition in the order's transaction: their one
 * use of a once-per-customer promotion (sk PROMOUSE#<promotion id>), or their first order's
 * (sk PROMOUSE#:first-order). Listed with begins_with(sk, "PROMOUSE#").
 */
export const promotionUseKey = (userId: string, claim: string) => ({
  pk: `USER#${userId}`,
  sk: `PROMOUSE#${claim}`,
});
export const PROMOTION_USE_PREFIX = "PROMOUSE#";
export const FIRST_ORDER_CLAIM = ":first-order";

/** Newsletter subscription; gsi1 SUBSCRIBERS is sparse (only while subscribed). */
export const subscriptionKey = (email: string) => ({
  pk: `NEWSLETTER#${email.trim().toLowerCase()}`,
  sk: "NEWSLETTER",
});
export const subscriberIndex = (email: string) => ({ gsi1pk: "SUBSCRIBERS", gsi1sk: email });
/** How many are subscribed: `n`, changed in the same transaction as each subscription. */
export const SUBSCRIBER_COUNT_KEY = { pk: "SUBSCRIBERS", sk: "COUNT" } as const;
/** A newsletter send and its per-recipient marks (re-running a send mails nobody twice). */
export const newsletterSendKey = (sendId: string) => ({ pk: `SEND#${sendId}`, sk: "SEND" });
/**
 * A recipient's mark, on a partition of its own: in the send's partition, every recipient's
 * queuing and sending wrote one key (57% of a partition's writes at 139 recipients a second).
 */
export const newsletterDeliveryKey = (sendId: string, email: string) => ({
  pk: `SENDTO#${sendId}#${email}`,
  sk: `TO#${email}`,
});
/**
 * A send's progress, apart from its record (which holds the body): counter shards (queued and
 * total added once per page, sent once per mail, each to a shard drawn at random), each shard a
 * partition key of its own (under one key, the ten took 29% of a partition's writes at 139 mails
 * a second: docs/decisions/040-capacity-model.md), and one mark per page of subscribers done
 * (docs/decisions/038-newsletter-fan-out.md).
 */
export const NEWSLETTER_COUNT_SHARDS = 10;
export const newsletterCountKey = (sendId: string, shard: number) => ({
  pk: `SENDCOUNT#${sendId}#${String(shard).padStart(2, "0")}`,
  sk: "COUNT",
});
/**
 * Where the shards were before they had partitions of their own (`SENDCOUNT#<id>/SHARD#nn`): a send
 * begun by the code of before a deploy keeps counting there until its fan-out's pages are done by
 * the new code, so the progress sums both.
 */
export const newsletterCountsBefore = (sendId: string) => ({
  pk: `SENDCOUNT#${sendId}`,
  skPrefix: "SHARD#",
});
export const newsletterPageKey = (sendId: string, page: number) => ({
  pk: `SENDCOUNT#${sendId}`,
  sk: `PAGE#${String(page).padStart(6, "0")}`,
});

/** Contact message; gsi1 CONTACTS lists them, newest first. */
export const contactKey = (id: string) => ({ pk: `CONTACT#${id}`, sk: "CONTACT" });
export const contactIndex = (createdAt: string, id: string) => ({
  gsi1pk: "CONTACTS",
  gsi1sk: `${createdAt}#${id}`,
});

/** Domain event (delivered from the stream; expires after a week). */
export const eventKey = (id: string) => ({ pk: `EVENT#${id}`, sk: "EVENT" });

/**
 * Abuse-limit counts of one scope and subject: one item holding the counts of the current and the
 * previous window (core/src/accounts/rate-limit.server.ts); expires by TTL.
 */
export const rateLimitKey = (scope: string, subject: string) => ({
  pk: `RATE#${scope}#${subject}`,
  sk: "RATE",
});

/** Order number claim (the short "TL-…" number is unique by condition; finds the order by it). */
export const orderNumberKey = (number: string) => ({ pk: `ORDERNO#${number}`, sk: "ORDERNO" });

/**
 * An address's mail state (core/src/mail/reputation.server.ts): its last hard bounce and
 * complaint as SES reported them, which suppress mail to it. Absent for an address with neither.
 */
export const mailStateKey = (email: string) => ({
  pk: `MAILSTATE#${email.trim().toLowerCase()}`,
  sk: "MAILSTATE",
});

/** Marks a queued e-mail (by its event id) as sent, so a redelivered request sends nothing. */
export const mailSentKey = (eventId: string) => ({ pk: `MAILSENT#${eventId}`, sk: "MAILSENT" });

/**
 * Sales of one day in the shop's time zone (core/src/insights): revenue, paid orders and items
 * (fixed-size totals), kept from the order events; beside each day, one item per product sold
 * that day (its units, and its units per colour), sorted right after the day's own item. One
 * partition, so the last N days with their products are one Query
 * (docs/decisions/039-sales-summed-per-batch.md).
 */
export const SALES_DAYS_PK = "SALES#DAYS";
export const salesDayKey = (day: string) => ({ pk: SALES_DAYS_PK, sk: day });
/** The sort keys of a day's product items start with this (after the day). */
export const SALES_PRODUCT_INFIX = "#PRODUCT#";
export const salesProductDayKey = (day: string, productId: string) => ({
  pk: SALES_DAYS_PK,
  sk: `${day}${SALES_PRODUCT_INFIX}${productId}`,
});
/** The sort keys of a day's promotion items start with this (after the day). */
export const SALES_PROMOTION_INFIX = "#PROMO#";
/** One promotion's paid orders and discount given on one day, beside the day's products. */
export const salesPromotionDayKey = (day: string, promotionId: string) => ({
  pk: SALES_DAYS_PK,
  sk: `${day}${SALES_PROMOTION_INFIX}${promotionId}`,
});
/** Above every sort key of the day `day` (its own item, its products' and its promotions'). */
export const salesDayEnd = (day: string) => `${day}#~`;
/** Units sold of one product, all time (one partition: the rebuild lists them in one Query). */
export const PRODUCT_SALES_PK = "SALES#PRODUCTS";
export const productSalesKey = (productId: string) => ({ pk: PRODUCT_SALES_PK, sk: productId });
/**
 * One promotion's paid orders and discount given, all time (one partition: the admin's
 * promotions list reads them in one Query; a shop has tens of promotions).
 */
export const PROMOTION_SALES_PK = "SALES#PROMOTIONS";
export const promotionSalesKey = (promotionId: string) => ({
  pk: PROMOTION_SALES_PK,
  sk: promotionId,
});
/** How many orders are in each state: one counter attribute per state. */
export const ORDER_STATE_COUNTS_KEY = { pk: "SALES#STATES", sk: "COUNTS" } as const;
/**
 * One page's totals of a rebuild of the aggregates (core/src/insights/rebuild.server.ts), in the
 * run's own partition: summed when the run replaces the aggregates, removed by TTL a week later.
 */
export const rebuildPartsPk = (run: string) => `SALES#REBUILD#${run}`;
export const rebuildPartKey = (run: string, part: number) => ({
  pk: rebuildPartsPk(run),
  sk: `PART#${String(part).padStart(6, "0")}`,
});
/**
 * An order's transition counted in the aggregates (e.g. "paid#0", one per chunk of its
 * products): written under a condition in the transaction of the increments of its stream batch,
 * so a redelivered event (a batch replayed whole or in part) counts once.
 */
export const insightsMarkKey = (orderId: string, mark: string) => ({
  pk: `ORDER#${orderId}`,
  sk: `COUNTED#${mark}`,
});

/**
 * What the image processing made of one upload (core/src/catalog/image-variants.server.ts), in
 * the product's partition: kept until the product has its own copy (TTL).
 */
export const imageOutcomeKey = (productId: string, file: string) => ({
  pk: `PRODUCT#${productId}`,
  sk: `IMAGE#${file}`,
});

/**
 * A return (core/src/returns), in its order's partition so that the order's returns are one
 * consistent Query (begins_with RETURN#); gsi1 the customer's returns, gsi2 every return (the
 * admin's list), both newest first.
 */
export const returnKey = (orderId: string, rma: string) => ({
  pk: `ORDER#${orderId}`,
  sk: `RETURN#${rma}`,
});
export const RETURN_SK_PREFIX = "RETURN#";
export const userReturnsIndex = (userId: string) => ({ gsi1pk: `USER#${userId}#RETURNS` });
export const returnIndexes = (userId: string, createdAt: string, rma: string) => ({
  ...userReturnsIndex(userId),
  gsi1sk: `${createdAt}#${rma}`,
  gsi2pk: "RETURNS",
  gsi2sk: `${createdAt}#${rma}`,
});
/** A return's number (RMA) claim: unique by condition, and the way from an RMA to its order. */
export const rmaKey = (rma: string) => ({ pk: `RMA#${rma}`, sk: "RMA" });

/**
 * An event the fit counters counted (core/src/reviews/fit.server.ts), written under
 * attribute_not_exists with the counters, so a redelivered event counts once; expires (TTL).
 */
export const fitMarkKey = (eventId: string) => ({ pk: `FITCOUNTED#${eventId}`, sk: "FITCOUNTED" });
/** A size scale's guide as the admin set it (core/src/catalog/size-guides.server.ts). */
export const sizeGuideKey = (scale: string) => ({ pk: `SIZEGUIDE#${scale}`, sk: "SIZEGUIDE" });
