// What the tests of the actions share: their shop (the process pointed at a test table, a shirt
// in stock, signed-in customers with the session cookie the shop's own sign-in makes), a paid
// order, a shipping address and a card the local gateway accepts, a POST as the shop's own page
// sends it, and what an action answered or threw.
import type { ActionFunctionArgs } from "@remix-run/node";
import { unitsOfEach } from "@shop/core/inventory";
import { createUser, type User } from "@shop/core/server/accounts";
import { createProduct, type Product } from "@shop/core/server/catalog";
import { checkout } from "@shop/core/server/checkout";
import type { Context } from "@shop/core/server/context";
import { TEST_ADDRESS, VISA } from "@shop/core/testing/checkout";
import { createTestContext, type TestContext } from "@shop/local-cloud/testing";
import { abuseLimits } from "./security.server.ts";
import { signInAndRedirect } from "./session.server.ts";

const SHOP = "http://localhost:3000";

/** A shipping address, and a card the local test gateway accepts: core's ordering tests' own. */
export { TEST_ADDRESS, VISA as TEST_CARD } from "@shop/core/testing/checkout";

/** A signed-in customer: the user and their session cookie ("sid=…"). */
export interface Customer {
  user: User;
  cookie: string;
}

/**
 * The actions' shop: a test table and buckets, which the actions use (their getContext() reads
 * the process's env), a shirt in size M with 5 in stock, and a signed-in customer for each
 * e-mail, in their order.
 */
export async function actionShop<const Emails extends readonly string[]>(
  shirt: { slug: string; priceCents: number },
  emails: Emails,
): Promise<{
  test: TestContext;
  shirt: Product;
  customers: { [K in keyof Emails]: Customer };
}> {
  const test = await createTestContext();
  Object.assign(process.env, test.env);
  const product = await createShirt(test.ctx, shirt.slug, shirt.priceCents);
  const customers: Customer[] = [];
  for (const email of emails) customers.push(await signedIn(test.ctx, email));
  return { test, shirt: product, customers: customers as { [K in keyof Emails]: Customer } };
}

/** The customer's order of one `product` in M, paid (the local test gateway charges at once). */
export function paidOrder(ctx: Context, customer: Customer, product: Product) {
  return checkout(ctx, { userId: customer.user.id, clientAddress: "192.0.2.10" }, abuseLimits(), {
    userId: customer.user.id,
    email: customer.user.email,
    lines: JSON.stringify([{ productId: product.id, size: "M", quantity: 1 }]),
    address: TEST_ADDRESS,
    deliveryMethod: "STANDARD",
    promotionCode: null,
    card: VISA,
  });
}

/** A shirt in size M, 5 in stock. */
function createShirt(ctx: Context, slug: string, priceCents: number) {
  return createProduct(ctx, {
    slug,
    name: slug.replace(/-/g, " "),
    category: "Men",
    priceCents,
    description: "A shirt",
    sizes: ["M"],
    stock: unitsOfEach(["M"], 5),
    images: [{ key: `${slug}.svg`, alt: "shirt" }],
  });
}

/** An action's arguments for a form POSTed to `path`, from the shop's own page unless `origin`. */
export function actionArgs(
  path: string,
  fields: Record<string, string>,
  options: { cookie?: string; origin?: string; params?: Record<string, string> } = {},
): ActionFunctionArgs {
  const headers = new Headers({
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: options.origin ?? SHOP,
  });
  if (options.cookie) headers.set("Cookie", options.cookie);
  const request = new Request(`${SHOP}${path}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields).toString(),
  });
  return { request, params: options.params ?? {}, context: { clientAddress: "192.0.2.10" } };
}

/** A new customer and their session cookie ("sid=…"), as the sign-in's redirect sets it. */
async function signedIn(ctx: Context, email: string): Promise<Customer> {
  const user = await createUser(ctx, {
    firstName: "Ana",
    lastName: "García",
    email,
    password: "correct horse battery staple",
  });
  const signedIn = await signInAndRedirect(new Request(`${SHOP}/auth/sign-in`), user.id, "/");
  const cookie = signedIn.headers.get("Set-Cookie")?.split(";")[0];
  if (!cookie) throw new Error("the sign-in set no cookie");
  return { user, cookie };
}

/** What a promise threw (a Response or data() an action throws); fails if it resolved. */
export async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  const outcome = await promise.then(
    (value) => ({ resolved: value }),
    (error: unknown) => ({ thrown: error }),
  );
  if ("resolved" in outcome) throw new Error("the action answered instead of throwing");
  return outcome.thrown;
}

/** The status and data of data()'s answer (or a Response's status, with no data). */
export function answerOf(answer: unknown): { status: number; data: unknown } {
  if (answer instanceof Response) return { status: answer.status, data: undefined };
  const { data, init } = answer as { data: unknown; init?: ResponseInit | null };
  return { status: init?.status ?? 200, data };
}
