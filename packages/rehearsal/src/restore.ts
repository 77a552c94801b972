// The restore, rehearsed on the stand-ins (docs/decisions/036-restore.md "Rehearsed"): the plan
// of `npm run restore` (scripts/lib/restore.ts) walked step by step with the same calls
// (scripts/lib/restore-aws.ts, core's bringInLine and publishSearchIndex) on DynamoDB Local, the
// S3 stand-in and the CloudFront stand-in, as far as they allow. DynamoDB Local has no
// point-in-time recovery: a snapshot (a consistent Scan, packages/local-cloud) taken before a
// product and an order are deleted, restored as a new table, models it. What the stand-ins
// cannot run is answered with why, never passed over in silence.

import { randomBytes } from "node:crypto";
import { CloudFrontClient } from "@aws-sdk/client-cloudfront";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { orderNumberKey } from "@shop/core/db";
import { createUser } from "@shop/core/server/accounts";
import {
  createProduct,
  deleteProduct,
  getProductBySlug,
  publishSearchIndex,
} from "@shop/core/server/catalog";
import { placeOrder } from "@shop/core/server/checkout";
import { type Context, createContext, loadConfig } from "@shop/core/server/context";
import { deleteOrder, getOrder } from "@shop/core/server/orders";
import { bringInLine } from "@shop/core/server/restore";
import { restoreSnapshot, snapshotTable } from "@shop/local-cloud";
import {
  type RestoreStepId,
  restoredTableName,
  restorePlan,
} from "../../../scripts/lib/restore.ts";
import {
  invalidateSite,
  turnOnProtection,
  turnOnRecovery,
  turnOnStream,
  turnOnTtl,
} from "../../../scripts/lib/restore-aws.ts";
import type { DeployedStage } from "./deploy.ts";
import { LOCAL_CREDENTIALS, REGION, type StandIns } from "./stand-ins.ts";

export interface RehearsedRestore {
  ran: string[];
  couldNot: Array<{ step: string; why: string }>;
}

/** What the rehearsal's stage cannot do of each step, whatever the stand-in answers. */
const NOT_ON_STAND_INS: Partial<Record<RestoreStepId, string>> = {
  restore:
    "point-in-time recovery itself: DynamoDB Local has none; modelled by a snapshot (a consistent Scan) taken before the deletions, restored as a new table",
  deploy:
    "the rehearsal deploys its synthesized templates once: the deploy onto the restored table is played for the site alone (its function started again with TABLE_NAME and every statement naming the restored table, as stacks/restore.infra.test.ts shows the templates with RESTORED_TABLE_STREAM_ARN do); the stream readers and the other functions stay on the old table",
};

/** What the journey gives the restore: the deploy onto the restored table, and a look at it. */
export interface RestoreHooks {
  /** Moves the site to `restored` as the deploy with RESTORED_TABLE_STREAM_ARN would. */
  deployOnto?: (table: string, restored: string) => Promise<void>;
  /** The customer signs in on the site and sees the product and the order back. */
  showsThem?: (seen: RestoredSight) => Promise<void>;
}

/** What the site must show once restored. */
export interface RestoredSight {
  customer: { email: string; password: string };
  product: { path: string; name: string };
  orderNumber: string;
}

export async function rehearseRestore(
  ctx: Context,
  standIns: StandIns,
  stage: DeployedStage,
  log: (line: string) => void,
  hooks: RestoreHooks = {},
): Promise<RehearsedRestore> {
  const outputs = Object.assign({}, ...Object.values(stage.outputs)) as Record<string, string>;
  const table = outputs.TableName;
  const searchBucket = outputs.SearchBucket;
  const distributionId = outputs.SiteDistributionId;
  if (!table || !searchBucket || !distributionId) {
    throw new Error(
      `the stacks output no TableName, SearchBucket or SiteDistributionId (the restore reads them): ${JSON.stringify(outputs)}`,
    );
  }
  // Before the restore's time: a product, and a customer's order of it.
  const token = randomBytes(3).toString("hex");
  const product = await createProduct(ctx, {
    slug: `rehearsal-restore-${token}`,
    name: `Rehearsal restore shirt ${token}`,
    category: "Women",
    priceCents: 3900,
    description: "A shirt that a restore brings back.",
    sizes: ["M"],
    stock: { M: 5 },
    images: [{ key: `products/rehearsal-restore-${token}/1.svg`, alt: "Shirt, front view" }],
  });
  const customer = { email: `rehearsal+restore-${token}@example.com`, password: "rehearse1" };
  const user = await createUser(ctx, { firstName: "Rhea", lastName: "Restore", ...customer });
  const address = {
    address: "1 Rehearsal Street",
    country: "Spain",
    city: "Madrid",
    zipCode: "28013",
    phone: "+34 600 000 000",
  };
  /** The customer's order of one shirt. */
  const placeShirtOrder = async () =>
    (
      await placeOrder(ctx, {
        userId: user.id,
        email: user.email,
        lines: [{ productId: product.id, size: "M", quantity: 1 }],
        address,
        deliveryMethod: "STANDARD",
      })
    ).order;
  const order = await placeShirtOrder();
  const snapshot = await snapshotTable(standIns.dynamodb, table);
  const to = new Date(snapshot.takenAt);
  // After it: another order (its number must stay taken), then the product and the first order
  // deleted, as an operator's mistake would.
  const since = await placeShirtOrder();
  await deleteOrder(ctx, order.id);
  await deleteProduct(ctx, product.id);
  if (await getProductBySlug(ctx, product.slug)) throw new Error("the product was not deleted");

  const restored = restoredTableName(table, to);
  const plan = restorePlan({
    stage: "production",
    to,
    table,
    restoredTable: restored,
    production: true,
  });
  const db = new DynamoDBClient({
    endpoint: standIns.dynamodb,
    region: REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  const cloudfront = new CloudFrontClient({
    endpoint: standIns.cloudfront,
    region: REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  const restoredCtx = createContext(
    loadConfig({
      TABLE_NAME: restored,
      SEARCH_BUCKET: searchBucket,
      DYNAMODB_ENDPOINT: standIns.dynamodb,
      S3_ENDPOINT: standIns.s3,
      PAYMENTS: "test",
    }),
  );
  const ran: string[] = [];
  const couldNot: RehearsedRestore["couldNot"] = [];
  /** A step the stand-in may refuse (an operation DynamoDB Local lacks): said, not failed. */
  const mayBeRefused = async (id: RestoreStepId, call: () => Promise<unknown>) => {
    try {
      await call();
      ran.push(id);
    } catch (error) {
      const e = error as Error;
      couldNot.push({ step: id, why: `DynamoDB Local refused it (${e.name}: ${e.message})` });
    }
  };
  try {
    for (const step of plan) {
      const notHere = NOT_ON_STAND_INS[step.id];
      switch (step.id) {
        case "restore":
          await restoreSnapshot(standIns.dynamodb, snapshot, restored);
          couldNot.push({ step: step.id, why: notHere as string });
          break;
        case "stream":
          await turnOnStream(db, restored);
          ran.push(step.id);
          break;
        case "ttl":
          await turnOnTtl(db, restored);
          ran.push(step.id);
          break;
        case "recovery":
          await mayBeRefused(step.id, () => turnOnRecovery(db, restored));
          break;
        case "protection":
          await mayBeRefused(step.id, () => turnOnProtection(db, restored));
          break;
        case "deploy":
          if (hooks.deployOnto) {
            await hooks.deployOnto(table, restored);
            ran.push(`${step.id} (the site)`);
          }
          couldNot.push({ step: step.id, why: notHere as string });
          break;
        case "order-numbers": {
          const done = await bringInLine(restoredCtx, table);
          log(
            `    ${done.orderNumbersCarried} order number(s) carried over; catalogue version ${done.catalogVersion}`,
          );
          ran.push(step.id);
          break;
        }
        case "search-index":
          await publishSearchIndex(restoredCtx);
          ran.push(step.id);
          break;
        case "edge":
          await invalidateSite(cloudfront, distributionId, `restore-${token}`);
          if (
            !standIns.cloudFront.invalidations.some(
              (i) => i.distributionId === distributionId && i.paths.includes("/*"),
            )
          ) {
            throw new Error(`no invalidation of /* on ${distributionId} was recorded`);
          }
          ran.push(step.id);
          break;
      }
    }
    // What the shop reads, on the restored table: the product and the order are back.
    if (!(await getProductBySlug(restoredCtx, product.slug))) {
      throw new Error(`the restored table has no product ${product.slug}`);
    }
    if (!(await getOrder(restoredCtx, order.id))) {
      throw new Error(`the restored table has no order ${order.number}`);
    }
    if (await getOrder(restoredCtx, since.id)) {
      throw new Error(`the restored table has the order ${since.number}, placed after its time`);
    }
    const claim = await restoredCtx.db.send(
      new GetCommand({ TableName: restored, Key: orderNumberKey(since.number) }),
    );
    if (!claim.Item) {
      throw new Error(
        `the order number ${since.number}, issued after the restore's time, is free again`,
      );
    }
    log(
      `    ${restored}: ${product.slug} and ${order.number} are back; ${since.number} stays taken`,
    );
    // Through the site, on the restored table: the product's page and the customer's order.
    if (hooks.showsThem) {
      await hooks.showsThem({
        customer,
        product: { path: `/product/${product.slug}`, name: product.name },
        orderNumber: order.number,
      });
      log(`    the site shows ${product.name} and, to its customer, ${order.number}`);
    }
    return { ran, couldNot };
  } finally {
    db.destroy();
    cloudfront.destroy();
  }
}
