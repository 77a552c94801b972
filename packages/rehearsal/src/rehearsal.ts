// The deploy rehearsal: the synthesized production stage, run on this machine as AWS would run
// it (docs/decisions/005-deploy-rehearsal.md). A rehearsal deploys the templates into the
// stand-ins, starts every function from its synthesized bundle with its template environment,
// wires the triggers and the site's CloudFront distribution, runs the deploy's migrations on data
// as older versions wrote it (SST's Script, docs/decisions/024-migrations-on-deploy.md), and walks
// the journey: a shopper
// orders and pays through Stripe (the fake Stripe API of the end-to-end tests), the webhook marks
// the order paid, a customer orders with an automatic offer and a code, the invoice and the
// confirmation mail follow through the stream, the
// dispatcher, the mail queue and the mailer, an admin ships the order, refunds a return of it
// through Stripe (the webhook confirms it, the credit note is mailed) and sends a newsletter, a
// poison message ends in its dead-letter queue, the scheduled jobs run. Every AWS call is
// checked against the function's IAM policy. Any failure names its cause.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { HeadObjectCommand, ListObjectsV2Command, PutObjectCommand } from "@aws-sdk/client-s3";
import {
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from "@aws-sdk/client-sqs";
import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { SEARCH_INDEX_KEY, slugify } from "@shop/core/catalog";
import { createUser } from "@shop/core/server/accounts";
import { createProduct } from "@shop/core/server/catalog";
import { confirmCardPayment, placeOrder } from "@shop/core/server/checkout";
import { type Context, createContext, loadConfig } from "@shop/core/server/context";
import { getMailState } from "@shop/core/server/mail";
import { setSubscription } from "@shop/core/server/newsletter";
import { getOrder } from "@shop/core/server/orders";
import {
  paymentIntentObject,
  type StripeEvent,
  signedStripeEvent,
  stripeEvent,
} from "@shop/core/server/payments";
import { createOffer, deletePromotion, getOffer } from "@shop/core/server/promotions";
import { getReturn } from "@shop/core/server/returns";
import { writeProductBeforeColourways } from "@shop/core/testing/migrations";
import { PAGE_MARGIN_MS } from "@shop/functions/migrate";
import { ENTRIES, FUNCTIONS } from "@shop/functions/registry";
import { freePort, refundAsStripe, startFakeStripeApi, waitFor } from "@shop/local-cloud";
import { type AlarmNotification, alarmNotifications } from "./alarms.ts";
import {
  type BundleFigure,
  bundleFigures,
  eagerBytes,
  handlerFile,
  overBudget,
} from "./budgets.ts";
import { coverage, type FunctionCoverage } from "./coverage.ts";
import { type DeployedFunction, deployStage, type SynthesizedStack } from "./deploy.ts";
import { startEdge } from "./edge.ts";
import { applyFault, type Fault } from "./faults.ts";
import {
  adminExportsOrders,
  adminRefundsReturn,
  adminSendsNewsletter,
  adminShipsOrder,
  adminUploadsPhoto,
  customerChangesEmailThenLeaves,
  customerDownloadsInvoice,
  customerRequestsReturn,
  customerSeesRestored,
  launchBrowser,
  shopperOrdersWithOffers,
  shopperPlacesOrder,
} from "./journey-browser.ts";
import { LambdaFunction } from "./lambda.ts";
import { jsonLines, logLinesAbout, metricsAbout } from "./logs.ts";
import { Recorder } from "./recorder.ts";
import { rehearseRestore } from "./restore.ts";
import { LOCAL_CREDENTIALS, REGION, standInS3, startStandIns } from "./stand-ins.ts";
import { type Delivery, type ServerError, startTriggers } from "./triggers.ts";

/** A plain shirt in size M, as the rehearsal's steps create one through core. */
function rehearsalShirt(
  slug: string,
  name: string,
  stock: number,
): Parameters<typeof createProduct>[1] {
  return {
    slug,
    name,
    category: "Women",
    priceCents: 2500,
    description: "A shirt",
    sizes: ["M"],
    stock: { M: stock },
    images: [{ key: "products/shirt.svg", alt: "shirt" }],
  };
}

export const STEPS = [
  "migrations",
  "home",
  "guard",
  "limits",
  "order",
  "paid",
  "offers",
  "invoice",
  "download",
  "logs",
  "shipped",
  "export",
  "refund",
  "newsletter",
  "photo",
  "purge",
  "account",
  "poison",
  "bounce",
  "schedules",
  "restore",
] as const;
export type Step = (typeof STEPS)[number];
/** The steps that drive the site in a browser (Chromium is launched only for them). */
const BROWSER_STEPS: readonly Step[] = [
  "order",
  "offers",
  "download",
  "shipped",
  "export",
  "refund",
  "newsletter",
  "photo",
  "account",
];

export interface RehearsalOptions {
  workDir: string;
  /** Seeds the catalogue and the admin account (an operator's job); answers the admin's sign-in. */
  seed: (ctx: Context) => Promise<{ email: string; password: string }>;
  /** The steps to walk (all by default); later steps need the earlier ones of the journey. */
  steps?: readonly Step[];
  fault?: Fault;
  /**
   * Whose IAM statements must each be used or justified (coverage.ts): the roles (SHOP_FUNCTION)
   * listed; by default every shop function's when all the steps are walked, no one's otherwise.
   */
  coverageOf?: readonly string[];
  /** Divides queue visibility timeouts (see deploy.ts). */
  timeScale?: number;
  log?: (line: string) => void;
}

export interface ColdStart {
  function: string;
  role: string;
  bundleBytes: number;
  /** Spawn to the first answer. */
  coldStartMs: number;
  /** Of which: spawn to the handler's module loaded (Node's start, the bundle's parse and init). */
  importMs: number;
}

export interface RehearsalReport {
  passed: boolean;
  /** One line per failure, naming the function, the action or the setting at fault. */
  failures: string[];
  steps: Array<{ step: Step; ms: number }>;
  coldStarts: ColdStart[];
  /** What each function's cold start parses (./budgets.ts). */
  bundles: BundleFigure[];
  awsCalls: number;
  /** Each shop function's statements: used (by which calls) or justified (why). */
  coverage: FunctionCoverage[];
  /** Function logical id → service → calls. */
  callsPerService: Record<string, Record<string, number>>;
  /** Answers of 500 or more from the functions' URLs, with the step they happened in. */
  serverErrors: Array<ServerError & { step: string; provoked: boolean }>;
  /** Messages a queue's function reported failed (retried by the queue), by queue. */
  batchFailures: Delivery[];
  /** The queue pollers' own errors. */
  pollerErrors: string[];
  /** What each schedule's rule sent its function. */
  schedules: Array<{ schedule: string; expression: string; sent: unknown }>;
  /** The poison message's path: the queue, each delivery, where it ended. */
  poisonPath?: string;
  /** Each action of each alarm: may CloudWatch publish its notification there (./alarms.ts)? */
  alarmNotifications: AlarmNotification[];
  /**
   * The restore's steps (scripts/lib/restore.ts restorePlan): those run on the stand-ins, and
   * those that could not be, with why (docs/decisions/036-restore.md "Rehearsed").
   */
  restore?: { ran: string[]; couldNot: Array<{ step: string; why: string }> };
  /** Each function of the registry (functions/src/registry.ts), its trigger and what deployed it. */
  registry: Array<{ name: string; trigger: string; function?: string; reserved?: number }>;
}

export async function rehearse(
  synthesized: SynthesizedStack[],
  options: RehearsalOptions,
): Promise<RehearsalReport> {
  const log = options.log ?? (() => {});
  const steps = new Set(options.steps ?? STEPS);
  const failures: string[] = [];
  const report: RehearsalReport = {
    passed: false,
    failures,
    steps: [],
    coldStarts: [],
    bundles: [],
    awsCalls: 0,
    coverage: [],
    callsPerService: {},
    serverErrors: [],
    batchFailures: [],
    pollerErrors: [],
    schedules: [],
    alarmNotifications: [],
    registry: [],
  };
  await mkdir(options.workDir, { recursive: true });
  const stacks = options.fault
    ? await applyFault(synthesized, options.fault, options.workDir)
    : synthesized;

  const standIns = await startStandIns(options.workDir, log);
  const stripe = await startFakeStripeApi();
  const cleanups: Array<() => Promise<unknown>> = [() => stripe.close(), () => standIns.stop()];
  let calls: Array<{ function: string; service: string }> = [];
  try {
    const secrets = {
      SESSION_SECRET: randomBytes(36).toString("base64url"),
      STRIPE_SECRET_KEY: "sk_test_rehearsal",
      STRIPE_PUBLISHABLE_KEY: "pk_test_rehearsal",
      STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString("hex")}`,
    };
    const queueFrontPort = await freePort();
    const stage = await deployStage(stacks, {
      standIns,
      secrets,
      timeScale: options.timeScale ?? 120,
      queueFront: `http://127.0.0.1:${queueFrontPort}`,
    });
    // Every function of the registry is on the stage, by its name (SHOP_FUNCTION).
    for (const [name, entry] of ENTRIES) {
      const deployed = [...stage.functions.values()].find(
        (f) => f.environment.SHOP_FUNCTION === name,
      );
      report.registry.push({
        name,
        trigger: entry.trigger.kind,
        ...(deployed ? { function: deployed.logicalId } : {}),
        ...(deployed?.reservedConcurrency !== undefined
          ? { reserved: deployed.reservedConcurrency }
          : {}),
      });
      if (!deployed) {
        failures.push(`the registry's ${name} function is not on the synthesized stage`);
      } else if (deployed.reservedConcurrency !== entry.reserved) {
        // The production stage sets aside what each entry reserves (stacks/functions.ts).
        failures.push(
          `the ${name} function reserves ${deployed.reservedConcurrency ?? "no"} concurrent executions on the stage, its entry ${entry.reserved ?? "none"}`,
        );
      }
    }
    // Every alarm's notifications may reach their topics: CloudWatch's publish, under each
    // topic's policy (./alarms.ts); a refused one fails the rehearsal, naming the alarm.
    const alarms = alarmNotifications(stage);
    report.alarmNotifications = alarms.notifications;
    failures.push(...alarms.failures);
    log(
      `  alarms: ${alarms.notifications.filter((n) => n.allowed).length} of ${alarms.notifications.length} notifications of ${stage.alarms.length} alarms may reach their topics`,
    );
    // The bundle budgets: a bundle over its budget fails the rehearsal, naming it and its size.
    report.bundles = await bundleFigures(stage.functions.values());
    failures.push(...overBudget(report.bundles));
    const recorder = new Recorder(standIns, stage);
    await recorder.startQueueFront(
      queueFrontPort,
      (name) => [...stage.queues.values()].find((q) => q.name === name)?.url ?? name,
    );
    calls = recorder.calls;
    cleanups.unshift(() => recorder.stop());
    const functions = new Map<string, LambdaFunction>();
    for (const fn of stage.functions.values()) {
      const additions = {
        ...(await recorder.endpointsFor(fn, `http://127.0.0.1:${queueFrontPort}`)),
        // The Stripe API's endpoint: the fake one (config accepts only this machine).
        STRIPE_API_BASE: stripe.url,
      };
      // Never more environments than its reserved concurrency lets Lambda run.
      const max = Math.min(
        fn.environment.SHOP_FUNCTION === "site" ? 2 : 1,
        fn.reservedConcurrency ?? Number.POSITIVE_INFINITY,
      );
      functions.set(fn.name, new LambdaFunction(fn, additions, options.workDir, max));
    }
    cleanups.unshift(async () => {
      for (const f of functions.values()) await f.stop();
    });
    const triggers = await startTriggers(stage, functions, standIns, recorder, {
      workDir: options.workDir,
      log,
      enforcePayloadLimits: options.fault !== "unenforced-payload-limit",
    });
    cleanups.unshift(() => triggers.stop());
    // S3 notifies what the functions create (the site's uploads, the migrations' copies).
    recorder.onObjectCreated = (bucket, key, event) => {
      triggers.fireObjectCreated(bucket, key, event);
    };
    const edgeErrors: string[] = [];
    const edge = await startEdge(stage, triggers.functionUrls, standIns, (m) => edgeErrors.push(m));
    cleanups.unshift(() => edge.stop());
    log(`  the rehearsed site: ${edge.url}`);

    const shopFunction = (role: string) => {
      const found = [...functions.values()].find((f) => f.fn.environment.SHOP_FUNCTION === role);
      if (!found) throw new Error(`the stage has no function for ${role} (SHOP_FUNCTION)`);
      return found;
    };
    const site = shopFunction("site");
    const env = site.fn.environment;
    // The operator's view of the stage (seeding, checking results), not a function's.
    const ctx = createContext(
      loadConfig({
        TABLE_NAME: env.TABLE_NAME,
        INVOICES_BUCKET: env.INVOICES_BUCKET,
        IMAGES_BUCKET: env.IMAGES_BUCKET,
        SEARCH_BUCKET: env.SEARCH_BUCKET,
        DYNAMODB_ENDPOINT: standIns.dynamodb,
        S3_ENDPOINT: standIns.s3,
        SES_ENDPOINT: standIns.ses,
        PAYMENTS: "test",
      }),
    );
    const s3 = standInS3(standIns.s3);
    const sqs = new SQSClient({
      endpoint: standIns.sqs,
      region: REGION,
      credentials: LOCAL_CREDENTIALS,
    });
    cleanups.unshift(async () => {
      s3.destroy();
      sqs.destroy();
    });
    const browser = BROWSER_STEPS.some((step) => steps.has(step))
      ? await launchBrowser()
      : undefined;
    if (browser) cleanups.unshift(() => browser.close());
    const shopper = {
      firstName: "Rhea",
      lastName: "Rehearsal",
      email: `rehearsal+${Date.now()}@example.com`,
      password: "rehearse1",
    };
    let orderId = "";
    let productName = "";
    let poisonMessage: string | undefined;
    let admin = { email: "", password: "" };
    /** The shopper reads their mail (the links sent to them) in the SES stand-in. */
    const mailedLink = async (to: string, subject: RegExp) => {
      const mail = await waitForMail(standIns.ses, to, (m) => subject.test(m.subject), 45_000);
      const link = /https?:\/\/\S+/.exec(mail.body?.text ?? "")?.[0];
      if (!link) throw new Error(`the e-mail "${mail.subject}" to ${to} has no link`);
      return link;
    };

    /** Names what went wrong inside the functions while a step ran. */
    const causes = () => [
      ...new Set([
        ...recorder.violations.map(
          (v) => `IAM: ${v.function} may not ${v.action} on ${v.resource} (${v.reason})`,
        ),
        ...triggers.failures.map((f) => `${f.source}: ${f.message}`),
        ...triggers.pollerErrors.map((f) => `${f.source}: ${f.message}`),
        ...edgeErrors,
      ]),
    ];
    /** The site's (and every function URL's) 5xx answers since the last look, with the step. */
    let seenServerErrors = 0;
    const newServerErrors = (step: string, provoked?: RegExp) => {
      const fresh = triggers.serverErrors.slice(seenServerErrors).map((e) => ({
        ...e,
        step,
        provoked: Boolean(provoked?.test(`${e.method} ${e.path}`)),
      }));
      seenServerErrors = triggers.serverErrors.length;
      report.serverErrors.push(...fresh);
      return fresh;
    };
    const describe5xx = (e: ServerError) =>
      `5xx: ${e.function} answered ${e.status} to ${e.method} ${e.path}`;
    /** A Stripe-signed event to the webhook's function URL, as Stripe delivers it. */
    const toWebhook = async (event: StripeEvent) => {
      const webhook = Object.values(stage.outputs)
        .map((o) => o.StripeWebhookUrl)
        .find(Boolean);
      const local = webhook && triggers.functionUrls.get(new URL(webhook).hostname);
      if (!local)
        throw new Error("the stacks output no StripeWebhookUrl with a function URL behind it");
      const { rawBody, signature } = await signedStripeEvent(event, secrets.STRIPE_WEBHOOK_SECRET);
      const res = await fetch(local, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: rawBody,
      });
      if (res.status !== 200)
        throw new Error(`the webhook answered ${res.status}: ${await res.text()}`);
    };
    /**
     * Walks a step. Any 5xx of the site (or another function URL) while it runs fails it, naming
     * the request, unless the step provokes it on purpose: `provokes` says which requests.
     */
    const run = async (
      step: Step,
      what: string,
      body: () => Promise<void>,
      options: { provokes?: RegExp } = {},
    ) => {
      if (!steps.has(step)) return;
      const started = Date.now();
      log(`  … ${what}`);
      newServerErrors("before it");
      let failure: unknown;
      try {
        await body();
      } catch (error) {
        failure = error;
      }
      const unexpected = newServerErrors(step, options.provokes).filter((e) => !e.provoked);
      if (failure !== undefined || unexpected.length > 0) {
        const seen = [...causes(), ...unexpected.map(describe5xx)];
        const message =
          failure === undefined
            ? "the site answered 5xx"
            : failure instanceof Error
              ? failure.message
              : String(failure);
        throw new Error(
          `${what}: ${message}${seen.length ? `\n    caused by: ${seen.join("\n    caused by: ")}` : ""}`,
        );
      }
      report.steps.push({ step, ms: Date.now() - started });
    };

    if (browser) {
      log("  … seeding the catalogue and the admin (as an operator, not through a function)");
      admin = await options.seed(ctx);
    }

    await run(
      "migrations",
      "the deploy's Script migrates data as an older version wrote it, and publishes the search index",
      async () => {
        // As older versions wrote them: an account without the customers list's key, a stock
        // item without its product's slug, a photo without variants.
        const old = await createUser(ctx, {
          firstName: "Olga",
          lastName: "Older",
          email: `older+${Date.now()}@example.com`,
          password: "rehearse1",
        });
        const remove = (Key: Record<string, string>, what: string) =>
          ctx.db.send(
            new UpdateCommand({
              TableName: ctx.tableName,
              Key,
              UpdateExpression: `REMOVE ${what}`,
            }),
          );
        await remove({ pk: `USER#${old.id}`, sk: "PROFILE" }, "gsi1pk, gsi1sk");
        const productId = randomUUID();
        const photo = `products/${productId}/${randomUUID()}.png`;
        await s3.send(
          new PutObjectCommand({
            Bucket: env.IMAGES_BUCKET,
            Key: photo,
            Body: Buffer.from("an old photo"),
            ContentType: "image/png",
          }),
        );
        await createProduct(
          ctx,
          {
            slug: `older-tee-${productId.slice(0, 8)}`,
            name: "Older Tee",
            category: "Men",
            priceCents: 1500,
            description: "Written by an older version",
            sizes: ["M"],
            images: [{ key: photo, alt: "" }],
            stock: { M: 3 },
          },
          { id: productId },
        );
        await remove({ pk: `PRODUCT#${productId}`, sk: "STOCK" }, "slug");
        // Products from before colourways, more than one page of them (migration 005 reads 25
        // at a time): photos naming two colours, stock per size.
        const colourless = Array.from(
          { length: 30 },
          (_, i) => `older-polo-${i}-${productId.slice(0, 8)}`,
        );
        for (const [i, id] of colourless.entries()) {
          await writeProductBeforeColourways(ctx, {
            id,
            images: [
              { key: `products/${id}/1.svg`, alt: "Forest Older Polo, front view" },
              { key: `products/${id}/2.svg`, alt: "Navy Older Polo, front view" },
            ],
            counts: { S: i, M: 2 },
          });
        }

        // SST's Script invokes the function with its params, synchronously, as the deploy does.
        // First a deploy that reaches its deadline: a function whose timeout leaves no more than
        // the margin kept for a page (functions/src/migrate.ts) starts no page. It must fail the
        // deploy (before any new code runs: stacks/Events.ts), saying what to do next.
        const migrations = shopFunction("migrations");
        const cut = await migrations.invoke(
          { params: {} },
          { timeoutSeconds: PAGE_MARGIN_MS / 1000 },
        );
        const said = cut.error?.errorMessage ?? "";
        if (!/^Migration 001-\S+ is not finished.*Next: deploy the same commit again/s.test(said)) {
          throw new Error(
            `a deploy that reached its deadline did not fail saying what to do: ${said || JSON.stringify(cut.result)}`,
          );
        }
        // The next deploy goes on from there and finishes every migration.
        const invocation = await migrations.invoke({ params: {} });
        if (invocation.error) {
          throw new Error(`the migrations function failed: ${invocation.error.errorMessage}`);
        }
        const item = async (Key: Record<string, string>) =>
          (await ctx.db.send(new GetCommand({ TableName: ctx.tableName, Key }))).Item;
        if ((await item({ pk: `USER#${old.id}`, sk: "PROFILE" }))?.gsi1pk !== "CUSTOMERS") {
          throw new Error("the older account is not in the customers list");
        }
        if (!(await item({ pk: `PRODUCT#${productId}`, sk: "STOCK" }))?.slug) {
          throw new Error("the older stock item has no slug");
        }
        for (const id of colourless) {
          const product = await item({ pk: `PRODUCT#${id}`, sk: "PRODUCT" });
          const counts = (await item({ pk: `PRODUCT#${id}`, sk: "STOCK" }))?.counts;
          if (JSON.stringify(product?.colours) !== JSON.stringify(["forest", "navy"])) {
            throw new Error(
              `the older product ${id} has no colourways: ${JSON.stringify(product?.colours)}`,
            );
          }
          if (counts?.["forest/M"] !== 2 || "M" in (counts ?? {})) {
            throw new Error(
              `the older product ${id}'s stock is not its first colourway's: ${JSON.stringify(counts)}`,
            );
          }
        }
        const head = await s3.send(
          new HeadObjectCommand({ Bucket: env.IMAGES_BUCKET, Key: photo }),
        );
        if (!head.Metadata?.["variants-requested"]) {
          throw new Error("the older photo was not sent to the image-variants function");
        }
        for (const id of [
          "001-customers-list-key",
          "002-stock-slugs",
          "003-image-variants",
          "004-sales-aggregates",
          "005-colourways",
          "006-sales-products-per-day",
        ]) {
          const record = await item({ pk: `MIGRATION#${id}`, sk: "MIGRATION" });
          if (record?.state !== "done") throw new Error(`migration ${id} is not recorded as done`);
          // Older data of more than one page: the colourways' 30 products (25 a page), and the
          // sales aggregates' pages of orders, of refunded returns, and the replacement.
          const pages = Number(record.pages);
          if (["004-sales-aggregates", "005-colourways"].includes(id) && !(pages > 1)) {
            throw new Error(`migration ${id} ran in ${pages} page(s), not page by page`);
          }
        }
        await s3.send(new HeadObjectCommand({ Bucket: env.SEARCH_BUCKET, Key: SEARCH_INDEX_KEY }));
        // A second deploy: nothing to do.
        const again = await migrations.invoke({ params: {} });
        const outcomes = (again.result as { outcomes?: Array<{ status: string }> })?.outcomes ?? [];
        if (again.error || outcomes.some((o) => o.status !== "already")) {
          throw new Error(`a second deploy ran migrations again: ${JSON.stringify(again)}`);
        }
      },
    );

    await run(
      "home",
      "the home page renders through CloudFront and the site's Lambda",
      async () => {
        const res = await fetch(`${edge.url}/`);
        const body = await res.text();
        if (res.status !== 200 || !body.includes("</html>")) {
          throw new Error(`GET / answered ${res.status}: ${body.slice(0, 200)}`);
        }
        // A storefront page a shopper reads next (its answer is checked by the 5xx watch alone).
        await (await fetch(`${edge.url}/customer-service/shipping`)).text();
        // A JSON resource route too (the navbar's live search), and a static asset from the bucket.
        const search = await fetch(`${edge.url}/api/search?q=shirt`);
        if (search.status !== 200 || !(await search.text()).startsWith("{")) {
          throw new Error(`GET /api/search answered ${search.status}`);
        }
        const asset = /\/assets\/[^"]+\.js/.exec(body)?.[0];
        const script = asset ? await fetch(`${edge.url}${asset}`) : undefined;
        if (script?.status !== 200) {
          throw new Error(
            `the page's script ${asset} answered ${script?.status} from the assets bucket`,
          );
        }
      },
    );
    await run(
      "guard",
      "the site answers only through CloudFront: direct calls with forged viewer addresses get 403 and read nothing",
      async () => {
        const domain = [...stage.functionUrls].find(([, name]) => name === site.fn.name)?.[0];
        const direct = domain && triggers.functionUrls.get(domain);
        if (!direct) throw new Error("the site has no function URL");
        const tableCalls = () =>
          recorder.calls.filter((c) => c.function === site.fn.logicalId && c.service === "dynamodb")
            .length;
        const before = tableCalls();
        const page = await fetch(new URL("/product", direct), {
          headers: { "cloudfront-viewer-address": "203.0.113.7:443", "x-origin-verify": "guess" },
        });
        if (page.status !== 403) throw new Error(`a direct GET /product answered ${page.status}`);
        // 30 wrong passwords, each from a new forged address: none may reach the sign-in.
        const email = admin.email || "nobody@example.com";
        const answers = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            fetch(new URL("/auth/sign-in", direct), {
              method: "POST",
              headers: {
                "content-type": "application/x-www-form-urlencoded",
                "cloudfront-viewer-address": `198.51.100.${i}:443`,
              },
              body: new URLSearchParams({ intent: "sign-in", email, password: `wrong-${i}` }),
              redirect: "manual",
            }).then((res) => res.status),
          ),
        );
        const passed = answers.filter((status) => status !== 403);
        if (passed.length > 0) {
          throw new Error(`direct sign-in attempts answered ${passed.join(", ")}, not 403`);
        }
        const read = tableCalls() - before;
        if (read !== 0) throw new Error(`direct calls made ${read} table call(s); expected none`);
        // The same page through the distribution, whose origin adds the secret from the template.
        const through = await fetch(`${edge.url}/product`, {
          headers: { "x-origin-verify": "guess" },
        });
        if (through.status !== 200) {
          throw new Error(`GET /product through CloudFront answered ${through.status}`);
        }
      },
    );
    await run(
      "limits",
      "a 7 MB multipart post to the site answers 413 as Lambda's function URL does, before the site's code runs (Lambda's 6 MB request payload)",
      async () => {
        const before = site.invocations.length;
        const boundary = `----rehearsal${randomBytes(8).toString("hex")}`;
        const photo = randomBytes(7 * 1024 * 1024);
        const body = Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nA heavy shirt\r\n` +
              `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="heavy.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
          ),
          photo,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        const res = await fetch(`${edge.url}/admin/products/new`, {
          method: "POST",
          headers: {
            "content-type": `multipart/form-data; boundary=${boundary}`,
            origin: edge.url,
          },
          body,
          redirect: "manual",
        });
        const answer = await res.text();
        const ran = site.invocations.length - before;
        if (res.status !== 413 || ran !== 0) {
          throw new Error(
            `a 7 MB multipart post to the site answered ${res.status} (${answer.slice(0, 120)}) and ran the site's code ${ran} time(s); on AWS its function URL answers 413 and the site never runs (Lambda's 6 MB request payload, packages/rehearsal/src/function-url.ts)`,
          );
        }
        log(`    ${(body.length / 1024 / 1024).toFixed(1)} MB posted: ${res.status} ${answer}`);
      },
    );
    await run(
      "order",
      "a shopper browses, signs up, adds to the cart and places an order",
      async () => {
        ({ orderId, productName } = await shopperPlacesOrder(
          browser as never,
          edge.url,
          shopper,
          mailedLink,
          options.workDir,
        ));
        await setSubscription(ctx, shopper.email, true);
      },
    );
    await run("paid", "a Stripe-signed payment_intent.succeeded reaches the webhook URL", () =>
      paid(orderId),
    );
    await run(
      "offers",
      "a customer orders with an automatic offer and a code (its last use, redeemed in the order's transaction) and pays: the order records both promotions and their amounts, the total is theirs",
      async () => {
        // An operator arranges a product and its two promotions; the customer does the rest.
        const token = randomBytes(4).toString("hex");
        const customer = {
          firstName: "Otto",
          lastName: "Offers",
          email: `rehearsal+offers-${token}@example.com`,
          password: "rehearse1",
        };
        await createUser(ctx, customer);
        const product = await createProduct(
          ctx,
          rehearsalShirt(`offer-shirt-${token}`, `Offer Shirt ${token}`, 5),
        );
        const offer = await createOffer(ctx, {
          label: `Rehearsal sale ${token}: 20% off this shirt`,
          effect: { kind: "percent-off-items", percent: 20, target: { productIds: [product.id] } },
          conditions: {},
        });
        const code = await createOffer(ctx, {
          code: `REHEARSE-${token.toUpperCase()}`,
          label: "5 € off, once",
          effect: { kind: "amount-off-order", amountCents: 500 },
          conditions: { usageLimit: 1 },
        });
        try {
          const id = await shopperOrdersWithOffers(
            browser as never,
            edge.url,
            customer,
            {
              productPath: `/product/${product.slug}`,
              productName: product.name,
              code: code.code ?? "",
              offerLabel: offer.label,
            },
            options.workDir,
          );
          await paid(id);
          const order = await getOrder(ctx, id);
          if (!order) throw new Error(`order ${id} is gone`);
          // 25 € + 25% tax = 31.25 €; the offer first: 20% of it = 6.25 €; then the code: 5 €;
          // the standard delivery under 100 €: 5 €. 31.25 − 6.25 − 5 + 5 = 25 €.
          const given = (order.promotions ?? []).map((p) => `${p.id}=${p.totalCents}`).join(", ");
          const expected = `${offer.id}=625, ${code.id}=500`;
          if (given !== expected) {
            throw new Error(`the order records the promotions ${given || "none"}, not ${expected}`);
          }
          const intent = stripe.intents.find((i) => i.orderId === id);
          if (
            order.discountCents !== 1125 ||
            order.totalCents !== 2500 ||
            intent?.amount !== 2500
          ) {
            throw new Error(
              `the order's discount is ${order.discountCents} and its total ${order.totalCents} (charged ${intent?.amount}), not 1125 and 2500`,
            );
          }
          const used = await getOffer(ctx, code.id, true);
          if (used?.usedCount !== 1) {
            throw new Error(`the code's use was counted ${used?.usedCount} time(s), not once`);
          }
          log(`    ${order.number}: ${given}; total ${order.totalCents} cents`);
        } finally {
          await deletePromotion(ctx, offer.id);
        }
      },
    );
    /** A Stripe-signed payment_intent.succeeded for the order, and the order seen paid. */
    async function paid(orderId: string) {
      const intent = stripe.intents.find((i) => i.orderId === orderId);
      if (!intent) throw new Error(`no PaymentIntent was created for order ${orderId}`);
      await toWebhook(
        stripeEvent(
          "payment_intent.succeeded",
          paymentIntentObject({
            id: intent.id,
            amountCents: intent.amount,
            currency: intent.currency,
            orderId,
          }),
        ),
      );
      await waitFor(
        "the order to be paid",
        20_000,
        async () => (await getOrder(ctx, orderId))?.payment === "paid",
      );
    }
    await run(
      "invoice",
      "the invoice PDF lands in S3 and the confirmation mail, with it, in SES",
      async () => {
        await waitFor("the invoice in the invoices bucket", 30_000, async () => {
          const listed = await s3.send(
            new ListObjectsV2Command({ Bucket: env.INVOICES_BUCKET, Prefix: "invoices/" }),
          );
          return (listed.Contents ?? []).some((o) => o.Key?.includes(orderId));
        });
        const mail = await waitForMail(
          standIns.ses,
          shopper.email,
          (m) => m.attachments.some(isPdf),
          45_000,
        );
        log(
          `    confirmation: "${mail.subject}" with ${mail.attachments.map((a) => a.filename).join(", ")}`,
        );
      },
    );
    await run(
      "download",
      "the customer downloads the order's invoice from the order history (the site reads it from the invoices bucket)",
      async () => {
        let customer = shopper;
        let id = orderId;
        if (!id) {
          // Walked alone: an operator arranges a paid order of a new customer; the stage's
          // order reactions store its invoice, as for any paid order.
          customer = { ...shopper, email: `rehearsal+invoice-${Date.now()}@example.com` };
          const user = await createUser(ctx, customer);
          const product = await createProduct(
            ctx,
            rehearsalShirt(
              `rehearsal-invoice-${randomBytes(3).toString("hex")}`,
              "Rehearsal invoice shirt",
              5,
            ),
          );
          const placed = await placeOrder(ctx, {
            userId: user.id,
            email: user.email,
            lines: [{ productId: product.id, size: "M", quantity: 1 }],
            address: {
              address: "1 Rehearsal Street",
              country: "Spain",
              city: "Madrid",
              zipCode: "28013",
              phone: "+34 600 000 000",
            },
            deliveryMethod: "STANDARD",
          });
          await confirmCardPayment(ctx, {
            userId: user.id,
            orderId: placed.order.id,
            card: { cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" },
          });
          id = placed.order.id;
        }
        const order = await waitFor("the order's invoice", 30_000, async () => {
          const found = await getOrder(ctx, id);
          return found?.invoiceKey ? found : undefined;
        });
        const pdf = await customerDownloadsInvoice(
          browser as never,
          edge.url,
          customer,
          order.number,
          options.workDir,
        );
        log(`    invoice of ${order.number}: a PDF of ${pdf.byteLength} bytes`);
      },
    );
    await run(
      "logs",
      "the order's id is in the JSON log lines of the site, the webhook, the dispatcher, the order reactions and the mailer, each with its request id, and its metrics say placed, paid, mail sent",
      async () => {
        const followed: Array<[string, LambdaFunction]> = [
          ["the site", site],
          ["the webhook", shopFunction("stripeWebhook")],
          [
            "the dispatcher",
            (() => {
              const found = [...functions.values()].find((f) =>
                f.fn.logicalId.startsWith("Dispatcher"),
              );
              if (!found) throw new Error("the stage has no dispatcher");
              return found;
            })(),
          ],
          ["the order reactions", shopFunction("orderReactions")],
          ["the mailer", shopFunction("mailer")],
        ];
        const read = async () =>
          Promise.all(
            followed.map(async ([label, fn]) => {
              const lines = jsonLines(await readFile(fn.logFile, "utf8").catch(() => ""));
              return { label, fn, about: logLinesAbout(lines, orderId), lines };
            }),
          );
        // The mailer's last lines may still be on their way to its log file.
        const logs = await waitFor(`log lines about order ${orderId}`, 15_000, async () => {
          const all = await read();
          return all.every((l) => l.about.length > 0) ? all : undefined;
        }).catch(async () => {
          const missing = (await read()).filter((l) => l.about.length === 0).map((l) => l.label);
          throw new Error(
            `no JSON log line names order ${orderId} in the logs of ${missing.join(", ")}`,
          );
        });
        // Each of them written in an invocation: each carries its request id.
        const unidentified = logs.flatMap(({ label, about }) =>
          about.filter((l) => !l.function_request_id).map((l) => `${label}: "${l.message}"`),
        );
        if (unidentified.length > 0) {
          throw new Error(
            `log lines about order ${orderId} without their request id (function_request_id): ${unidentified.join(", ")}`,
          );
        }
        for (const { label, about } of logs) {
          log(
            `    ${label}: ${about.map((l) => `${l.level} "${l.message}"${l.function_request_id ? ` (request ${l.function_request_id})` : ""}`).join(", ")}`,
          );
        }
        const metrics = logs.flatMap((l) => metricsAbout(l.lines, orderId));
        const names = new Set(metrics.map((m) => m.name));
        const expected = ["OrdersPlaced", "OrdersPaid", "MailsSent"];
        const absent = expected.filter((name) => !names.has(name));
        if (absent.length > 0) {
          throw new Error(
            `the metrics emitted for order ${orderId} lack ${absent.join(", ")} (emitted: ${[...names].join(", ") || "none"})`,
          );
        }
        const namespaces = new Set(metrics.map((m) => m.namespace));
        if (namespaces.size !== 1) {
          throw new Error(
            `the order's metrics are in ${namespaces.size} namespaces, not the stage's one`,
          );
        }
        log(`    metrics for the order: ${[...names].join(", ")} in ${[...namespaces][0]}`);
      },
    );
    await run(
      "shipped",
      "an admin ships the order (the shipping mail arrives), then marks it delivered",
      async () => {
        await adminShipsOrder(browser as never, edge.url, admin, orderId, options.workDir, () =>
          waitForMail(standIns.ses, shopper.email, (m) => /ship/i.test(m.subject), 45_000),
        );
      },
    );
    await run(
      "export",
      "an admin exports the orders' CSV: the site writes it to S3 under exports/ and redirects to a short-lived link, which the browser downloads from S3",
      async () => {
        const order = await getOrder(ctx, orderId);
        if (!order) throw new Error(`order ${orderId} is gone`);
        const day = order.createdAt.slice(0, 10);
        // The site's calls on exports/ of the invoices bucket, each allowed by its role (the
        // recorder's IAM replay): the put, and the browser's GET through the site's signed link.
        const onExports = (operation: RegExp) =>
          recorder.calls.filter(
            (c) =>
              c.function === site.fn.logicalId &&
              operation.test(c.operation) &&
              c.permissions.some((p) => p.includes(`:::${env.INVOICES_BUCKET}/exports/`)),
          ).length;
        const puts = () => onExports(/^(PutObject|CompleteMultipartUpload)$/);
        const gets = () => onExports(/^GetObject$/);
        const before = { puts: puts(), gets: gets() };
        const csv = await adminExportsOrders(
          browser as never,
          edge.url,
          admin,
          { from: day, to: day },
          options.workDir,
        );
        if (puts() === before.puts) {
          throw new Error("the site wrote no export under exports/ of the invoices bucket");
        }
        if (gets() === before.gets) {
          throw new Error(
            `the CSV was not read from exports/ with the site's signature: ${csv.url}`,
          );
        }
        const link = new URL(csv.url);
        if (link.origin === new URL(edge.url).origin || !link.searchParams.has("X-Amz-Signature")) {
          throw new Error(
            `the CSV came from ${link.origin}${link.pathname}, not a presigned S3 link`,
          );
        }
        if (csv.filename !== `orders-${day}-${day}.csv`) {
          throw new Error(`the download is named ${csv.filename}`);
        }
        const row = csv.text.split("\r\n").find((line) => line.startsWith(`${order.number},`));
        if (!row) throw new Error(`the CSV has no row for order ${order.number}`);
        log(`    ${csv.filename} from ${link.pathname}: ${row.slice(0, 80)}…`);
      },
    );
    await run(
      "refund",
      "the customer asks for a return, the admin approves, receives and refunds it through Stripe, the webhook confirms it and the credit note is mailed",
      async () => {
        // The customer asks for the return on the site; the admin approves and receives it.
        const order = await getOrder(ctx, orderId);
        if (!order) throw new Error(`order ${orderId} is gone`);
        const rma = await customerRequestsReturn(
          browser as never,
          edge.url,
          shopper,
          { number: order.number, productName },
          options.workDir,
        );
        await adminRefundsReturn(browser as never, edge.url, admin, rma, options.workDir, {
          approveAndReceive: true,
        });
        const refund = stripe.refunds.find((r) => r.metadata.rma === rma);
        if (!refund) throw new Error(`the site asked Stripe for no refund of ${rma}`);
        if ((await getReturn(ctx, rma))?.state !== "received") {
          throw new Error(`${rma} is not waiting for Stripe's confirmation`);
        }
        await toWebhook(stripeEvent("refund.updated", refundAsStripe(refund)));
        await waitFor(
          "the return to be refunded",
          20_000,
          async () => (await getReturn(ctx, rma))?.state === "refunded",
        );
        const mail = await waitForMail(
          standIns.ses,
          shopper.email,
          (m) => m.subject === `Your refund for return ${rma}` && m.attachments.some(isPdf),
          45_000,
        );
        log(
          `    refund: "${mail.subject}" with ${mail.attachments.map((a) => a.filename).join(", ")}`,
        );
      },
    );
    await run("newsletter", "a newsletter fans out through its queue", async () => {
      const subject = `Rehearsal news ${randomBytes(3).toString("hex")}`;
      await adminSendsNewsletter(
        browser as never,
        edge.url,
        admin,
        { subject, message: "New arrivals." },
        options.workDir,
      );
      await waitForMail(standIns.ses, shopper.email, (m) => m.subject === subject, 60_000);
    });
    await run(
      "photo",
      "an admin uploads a 12 MB product photo through the form, which the page POSTs straight to the images bucket (a presigned POST: more than a function URL takes), its AVIF and WebP variants appear on the product's page (S3 notifies the image-variants function), then the admin replaces it with another",
      async () => {
        const sharp = (await import("sharp")).default;
        const { photoOfAtLeast } = await import("@shop/local-cloud/photos");
        const photoPath = join(options.workDir, "rehearsal-photo.png");
        await writeFile(photoPath, await photoOfAtLeast(12 * 1024 * 1024));
        const secondPhotoPath = join(options.workDir, "rehearsal-photo-2.jpg");
        await writeFile(
          secondPhotoPath,
          await sharp({
            create: { width: 400, height: 500, channels: 3, background: { r: 60, g: 90, b: 150 } },
          })
            .jpeg()
            .toBuffer(),
        );
        const token = `zq${randomBytes(3).toString("hex")}`;
        const name = `Rehearsal Photo Shirt ${token}`;
        const variants = await adminUploadsPhoto(
          browser as never,
          edge.url,
          admin,
          { name, slug: slugify(name), token, photoPath, secondPhotoPath },
          options.workDir,
        );
        const formats = ["avif", "webp"].filter((f) =>
          variants.some((url) => url.includes("/variants/") && url.endsWith(`.${f}`)),
        );
        if (formats.length !== 2) {
          throw new Error(
            `the product page offers no AVIF and WebP variants: ${variants.join(", ")}`,
          );
        }
        log(`    ${variants.length} variant URLs on the product page, under variants/`);
      },
    );
    await run(
      "purge",
      "a new product's pages are purged at the edge (the stream → the dispatcher → the purge's queue → the edge purge → CloudFront)",
      async () => {
        const slug = `rehearsal-purge-${randomBytes(3).toString("hex")}`;
        await createProduct(ctx, rehearsalShirt(slug, "Rehearsal shirt", 10));
        const page = `/product/${slug}`;
        const invalidation = await waitFor(`an invalidation of ${page}`, 60_000, async () =>
          standIns.cloudFront.invalidations.find((i) => i.paths.includes(page)),
        );
        if (!invalidation.paths.includes("/product?*")) {
          throw new Error(`the invalidation of ${page} left the catalogue: ${invalidation.paths}`);
        }
        log(`    ${invalidation.paths.length} paths invalidated on ${invalidation.distributionId}`);
      },
    );
    await run(
      "account",
      "the customer changes their e-mail from the link mailed to the new address, then deletes their account",
      async () => {
        const next = `rehearsal+moved-${Date.now()}@example.com`;
        await customerChangesEmailThenLeaves(
          browser as never,
          edge.url,
          shopper,
          next,
          mailedLink,
          options.workDir,
        );
        shopper.email = next;
      },
    );
    await run(
      "poison",
      "a message that always fails travels from the mail queue, through the mailer's retries, to a dead-letter queue",
      async () => {
        const mailer = shopFunction("mailer");
        const mapping = stage.mappings.find((m) => m.functionName === mailer.fn.name);
        const queue = mapping && stage.queues.get(mapping.sourceArn);
        if (!mapping || !queue) throw new Error("the mailer reads no queue");
        // What the shop means (functions/src/registry.ts), watched on the message itself:
        // where it goes is what the stage does, whatever its template says.
        const { maxReceiveCount } = FUNCTIONS.mailer.trigger;
        const read = new Set(stage.mappings.map((m) => m.sourceArn));
        const unread = [...stage.queues.entries()].filter(([arn]) => !read.has(arn));
        const poison = `not an event ${randomBytes(4).toString("hex")}`;
        await sqs.send(new SendMessageCommand({ QueueUrl: queue.url, MessageBody: poison }));
        const visibility = Number(
          (
            await sqs.send(
              new GetQueueAttributesCommand({
                QueueUrl: queue.url,
                AttributeNames: ["VisibilityTimeout"],
              }),
            )
          ).Attributes?.VisibilityTimeout,
        );
        const deliveries = () => triggers.deliveries.filter((d) => d.body === poison);
        const started = Date.now();
        const deadline = started + (maxReceiveCount + 2) * (visibility + 2) * 1000;
        let landed: string | undefined;
        while (!landed) {
          for (const [, q] of unread) {
            const got = await sqs.send(
              new ReceiveMessageCommand({
                QueueUrl: q.url,
                MaxNumberOfMessages: 10,
                VisibilityTimeout: 0,
                WaitTimeSeconds: 0,
              }),
            );
            if (got.Messages?.some((m) => m.Body === poison)) landed = q.name;
          }
          if (landed) break;
          const seen = deliveries();
          if (Date.now() > deadline || seen.length > maxReceiveCount + 1) {
            throw new Error(
              `the poison message never reached a dead-letter queue: the mailer received it ${seen.length} times in ${Math.round((Date.now() - started) / 1000)} s (each reported failed: ${seen.every((d) => d.failed)}) and ${queue.name} keeps giving it back`,
            );
          }
          await new Promise((r) => setTimeout(r, 1000));
        }
        const seen = deliveries();
        if (seen.length < maxReceiveCount || !seen.every((d) => d.failed)) {
          throw new Error(
            `the poison message reached ${landed} after ${seen.length} failed receives, not ${maxReceiveCount}`,
          );
        }
        poisonMessage = poison;
        report.poisonPath = `${queue.name} → ${mailer.fn.logicalId} ×${seen.length} (each reported failed) → ${landed}`;
        log(`    ${report.poisonPath}`);
      },
    );
    await run(
      "bounce",
      "SES's hard bounce, as the MailEvents topic delivers it to its queue, suppresses the address (docs/decisions/037-mail-reputation.md)",
      async () => {
        // SNS is not emulated: the event is put on the queue as the topic's raw delivery puts it.
        const mailEvents = shopFunction("mailEvents");
        const mapping = stage.mappings.find((m) => m.functionName === mailEvents.fn.name);
        const queue = mapping && stage.queues.get(mapping.sourceArn);
        if (!mapping || !queue) throw new Error("the mail-events function reads no queue");
        const address = `rehearsal+gone-${randomBytes(4).toString("hex")}@example.com`;
        const event = {
          eventType: "Bounce",
          bounce: {
            bounceType: "Permanent",
            bouncedRecipients: [{ emailAddress: address, action: "failed", status: "5.1.1" }],
            timestamp: new Date().toISOString(),
          },
          mail: { messageId: randomUUID(), tags: { kind: ["transactional"] } },
        };
        await sqs.send(
          new SendMessageCommand({ QueueUrl: queue.url, MessageBody: JSON.stringify(event) }),
        );
        const state = await waitFor("the bounced address's mail state", 30_000, () =>
          getMailState(ctx, address),
        );
        if (!state.hardBounceAt) throw new Error(`${address}: no hard bounce recorded`);
        log(`    ${queue.name} → ${mailEvents.fn.logicalId}: ${address} suppressed`);
      },
    );
    await run("schedules", "the scheduled jobs run with what their rule sends them", async () => {
      const ours = stage.schedules.filter((s) =>
        s.targets.every((t) => functions.get(t)?.fn.environment.SHOP_FUNCTION),
      );
      if (ours.length === 0) throw new Error("the stage has no scheduled job of the shop");
      for (const schedule of ours) {
        const sent = await triggers.fireSchedule(schedule.logicalId);
        for (const event of sent) {
          report.schedules.push({
            schedule: schedule.logicalId,
            expression: schedule.expression,
            sent: event,
          });
        }
      }
    });

    await run(
      "restore",
      "a restore to a time before a product and an order were deleted brings them back, and no order number issued since is given again",
      async () => {
        const done = await rehearseRestore(ctx, standIns, stage, log, {
          // The deploy onto the restored table, for the site (what shoppers read): its function
          // as the templates with RESTORED_TABLE_STREAM_ARN give it, started afresh, serving
          // the site's URL from now on, its calls checked against its moved statements.
          deployOnto: async (table, restored) => {
            const current = shopFunction("site");
            const onTable = new RegExp(`(:table/)${table}(?=["/])`, "g");
            const moved: DeployedFunction = {
              ...current.fn,
              environment: { ...current.fn.environment, TABLE_NAME: restored },
              statements: JSON.parse(
                JSON.stringify(current.fn.statements).replace(onTable, `$1${restored}`),
              ),
            };
            const additions = {
              ...(await recorder.endpointsFor(moved, `http://127.0.0.1:${queueFrontPort}`)),
              STRIPE_API_BASE: stripe.url,
            };
            functions.set(moved.name, new LambdaFunction(moved, additions, options.workDir, 2));
            await current.stop();
          },
          ...(browser
            ? {
                showsThem: (seen) => customerSeesRestored(browser, edge.url, seen, options.workDir),
              }
            : {}),
        });
        report.restore = done;
        for (const { step, why } of done.couldNot) log(`    not run: ${step}: ${why}`);
      },
    );

    // What is still on its way (S3's notifications), then every dead-letter queue: nothing but
    // the poison message may have ended there.
    await triggers.settled();
    const read = new Set(stage.mappings.map((m) => m.sourceArn));
    for (const [arn, q] of stage.queues) {
      if (read.has(arn)) continue;
      const got = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: q.url,
          MaxNumberOfMessages: 10,
          VisibilityTimeout: 0,
          WaitTimeSeconds: 0,
        }),
      );
      for (const m of got.Messages ?? []) {
        if (m.Body === poisonMessage) continue;
        failures.push(
          `a message ended in the dead-letter queue ${q.name}: ${(m.Body ?? "").slice(0, 200)}`,
        );
      }
    }
    newServerErrors("after the steps");
    for (const e of report.serverErrors.filter(
      (e) => !e.provoked && e.step === "after the steps",
    )) {
      failures.push(describe5xx(e));
    }
    for (const cause of causes()) failures.push(cause);
    const scope = options.coverageOf ?? (STEPS.every((step) => steps.has(step)) ? undefined : []);
    const covered = coverage(stage, recorder.usage, {
      ...(scope ? { roles: scope } : {}),
      checkList: scope === undefined,
    });
    report.coverage = covered.functions;
    failures.push(...covered.failures);
    report.batchFailures = triggers.deliveries.filter((d) => d.failed);
    report.pollerErrors = triggers.pollerErrors.map((e) => `${e.source}: ${e.message}`);
    report.coldStarts = await coldStarts(functions);
  } catch (error) {
    failures.unshift(error instanceof Error ? error.message : String(error));
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => {});
  }
  report.awsCalls = calls.length;
  for (const call of calls) {
    const services = report.callsPerService[call.function] ?? {};
    services[call.service] = (services[call.service] ?? 0) + 1;
    report.callsPerService[call.function] = services;
  }
  report.passed = failures.length === 0;
  return report;
}

/** Every shop function's first cold start in the run, site first, then by name. */
async function coldStarts(functions: Map<string, LambdaFunction>) {
  const figures: ColdStart[] = [];
  for (const fn of functions.values()) {
    const role = fn.fn.environment.SHOP_FUNCTION;
    const first = fn.invocations.find((i) => i.coldStartMs !== undefined);
    if (!role || !first?.coldStartMs) continue;
    const bundle = await eagerBytes(handlerFile(fn.fn)).catch(() => undefined);
    figures.push({
      function: fn.fn.logicalId,
      role,
      bundleBytes: bundle?.bytes ?? 0,
      coldStartMs: first.coldStartMs,
      importMs: first.importMs ?? 0,
    });
  }
  return figures.sort(
    (a, b) =>
      Number(b.role === "site") - Number(a.role === "site") || a.function.localeCompare(b.function),
  );
}

const isPdf = (a: { filename?: string; contentType?: string }) =>
  /pdf/i.test(a.contentType ?? "") || /\.pdf$/i.test(a.filename ?? "");

interface StoredMail {
  subject: string;
  destination: { to: string[] };
  body?: { text?: string };
  attachments: Array<{ filename?: string; contentType?: string }>;
}

async function waitForMail(
  ses: string,
  to: string,
  match: (m: StoredMail) => boolean,
  timeoutMs: number,
) {
  return waitFor(`an e-mail to ${to}`, timeoutMs, async () => {
    const res = await fetch(`${ses}/store`);
    const { emails } = (await res.json()) as { emails: StoredMail[] };
    return emails.find((m) => m.destination.to.includes(to) && match(m));
  });
}
