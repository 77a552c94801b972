// Security at the HTTP level (no browser): what a hostile client can send to the account
// endpoints, and what the table holds afterwards.

import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { userKey } from "@shop/core/db";
import {
  createAddress,
  createUser,
  findUserByEmail,
  listAddresses,
} from "@shop/core/server/accounts";
import { shopContext } from "../support/shop";

let seq = 0;
const uniqueEmail = (project: string) =>
  `sec+${Date.now()}-${seq++}-${project}-${Math.random().toString(36).slice(2, 6)}@example.com`;
const address = () => ({ "cloudfront-viewer-address": `198.18.0.${Date.now()}-${seq++}` });

/** Signs in through the form endpoint and returns the session cookie header. */
async function signIn(request: APIRequestContext, email: string, password = "secret1") {
  const res = await request.post("/auth/sign-in", {
    form: { intent: "sign-in", email, password },
    headers: address(),
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  return res;
}

async function customer(request: APIRequestContext, project: string) {
  const email = uniqueEmail(project);
  const user = await createUser(shopContext(), {
    firstName: "Sam",
    lastName: "Secure",
    email,
    password: "secret1",
  });
  await signIn(request, email);
  return { user, email };
}

const item = async (id: string) =>
  (
    await shopContext().db.send(
      new GetCommand({ TableName: shopContext().tableName, Key: userKey(id) }),
    )
  ).Item;

test("a sign-up body with isAdmin: true makes no admin", async ({ request }, info) => {
  const email = uniqueEmail(info.project.name);
  const res = await request.post("/auth/sign-up", {
    form: {
      firstName: "Eve",
      lastName: "Admin",
      email,
      password: "secret1",
      confirmPassword: "secret1",
      isAdmin: "true",
      "isAdmin[]": "true",
    },
    headers: address(),
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  const user = await findUserByEmail(shopContext(), email);
  expect(user?.isAdmin).toBe(false);
  expect((await item(user?.id ?? ""))?.isAdmin).toBe(false);
});

test("the session cookie is HttpOnly and SameSite=Lax", async ({ request }, info) => {
  const email = uniqueEmail(info.project.name);
  await createUser(shopContext(), {
    firstName: "Sam",
    lastName: "Cookie",
    email,
    password: "secret1",
  });
  const res = await signIn(request, email);
  const cookie = res
    .headersArray()
    .find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("sid="));
  expect(cookie?.value).toMatch(/HttpOnly/i);
  expect(cookie?.value).toMatch(/SameSite=Lax/i);
});

test("a profile update cannot change isAdmin, the password or another user", async ({
  request,
}, info) => {
  const { user } = await customer(request, info.project.name);
  const victim = await createUser(shopContext(), {
    firstName: "Vic",
    lastName: "Tim",
    email: uniqueEmail(info.project.name),
    password: "secret1",
  });
  const before = await item(user.id);
  const res = await request.post("/user/profile", {
    form: {
      id: victim.id,
      userId: victim.id,
      firstName: "Sammy",
      lastName: "Secure",
      email: user.email,
      isAdmin: "true",
      password: "hacked1",
    },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  const after = await item(user.id);
  expect(after).toMatchObject({
    firstName: "Sammy",
    isAdmin: false,
    passwordHash: before?.passwordHash,
  });
  expect(await item(victim.id)).toMatchObject({ firstName: "Vic", lastName: "Tim" });
});

test("another user's address can be neither changed nor deleted", async ({ request }, info) => {
  await customer(request, info.project.name);
  const victim = await createUser(shopContext(), {
    firstName: "Vic",
    lastName: "Tim",
    email: uniqueEmail(info.project.name),
    password: "secret1",
  });
  const theirs = await createAddress(shopContext(), victim.id, {
    address: "1 Private Road",
    country: "France",
    city: "Paris",
    zipCode: "75001",
    phone: "+33 1 23 45 67 89",
    company: undefined,
    apartment: undefined,
  });
  const fields = { address: "Hacked", country: "X", city: "Y", zipCode: "1", phone: "12345" };
  const update = await request.post("/user/address", {
    form: { intent: "update", id: theirs.id, ...fields },
    maxRedirects: 0,
  });
  expect(update.status()).toBe(404);
  const remove = await request.post("/user/address", {
    form: { intent: "delete", id: theirs.id },
    maxRedirects: 0,
  });
  expect(remove.status()).toBe(404);
  // Reading: the page lists only one's own addresses, whatever id the URL names.
  const page = await request.get(`/user/address?id=${theirs.id}`);
  expect(await page.text()).not.toContain("1 Private Road");
  expect(await listAddresses(shopContext(), victim.id)).toMatchObject([
    { address: "1 Private Road" },
  ]);
});

test("a cross-origin POST is refused", async ({ request }, info) => {
  await customer(request, info.project.name);
  const res = await request.post("/user/security", {
    form: { intent: "delete-account" },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  // Refused (403, not a server error) and nothing changed.
  expect(res.status()).toBe(403);
  const again = await request.get("/user/profile", { maxRedirects: 0 });
  expect(again.status()).toBe(200);
});

test("the sixth rapid wrong password is rate limited", async ({ request }, info) => {
  const email = uniqueEmail(info.project.name);
  await createUser(shopContext(), {
    firstName: "Sam",
    lastName: "Limit",
    email,
    password: "secret1",
  });
  const from = address();
  const attempt = (password: string) =>
    request.post("/auth/sign-in", {
      form: { intent: "sign-in", email, password },
      headers: from,
      maxRedirects: 0,
    });
  for (let i = 0; i < 5; i++) expect((await attempt("wrong-pass")).status()).toBe(401);
  const sixth = await attempt("wrong-pass");
  expect(sixth.status()).toBe(429);
  // Locked: even the right password waits.
  expect((await attempt("secret1")).status()).toBe(429);
});

test("passwords are stored only as scrypt hashes", async ({ request }, info) => {
  const email = uniqueEmail(info.project.name);
  const res = await request.post("/auth/sign-up", {
    form: {
      firstName: "Hash",
      lastName: "Check",
      email,
      password: "plain-secret",
      confirmPassword: "plain-secret",
    },
    headers: address(),
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  const user = await findUserByEmail(shopContext(), email);
  const stored = await item(user?.id ?? "");
  expect(stored?.passwordHash).toMatch(/^scrypt\$16384\$8\$5\$[\w+/=]+\$[\w+/=]+$/);
  expect(JSON.stringify(stored)).not.toContain("plain-secret");
  expect(stored).not.toHaveProperty("password");
});
