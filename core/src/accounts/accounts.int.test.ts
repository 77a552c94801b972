import { randomBytes, scryptSync } from "node:crypto";
import { GetCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext, queuedMails } from "@shop/local-cloud/testing";
import { describe, expect, it, onTestFinished } from "vitest";
import type { Context } from "../context/index.server.ts";
import { emailKey, resetTokenKey, userKey } from "../db/keys.ts";
import { createAddress, deleteAddress, listAddresses, updateAddress } from "./addresses.server.ts";
import { changePassword, deleteAccount, signIn, signUp } from "./auth.server.ts";
import { loadAbuseLimits } from "./limits.ts";
import {
  isResetTokenValid,
  RESET_MAIL_SUBJECT,
  requestPasswordReset,
  resetPassword,
} from "./password-reset.server.ts";
import { needsRehash, setPasswordCostForTests } from "./passwords.server.ts";
import { consume } from "./rate-limit.server.ts";
import {
  createSession,
  deleteSession,
  getSessionUser,
  SESSION_LIFETIME_SECONDS,
} from "./sessions.server.ts";
import { TEST_PASSWORD_COST } from "./test-fixtures.ts";
import {
  BAD_CREDENTIALS,
  createUser,
  getUserItem,
  updateNames,
  verifyCredentials,
} from "./users.server.ts";

const limits = loadAbuseLimits({});
const here = { clientAddress: "198.51.100.7" };
let n = 0;
const person = () => ({
  firstName: "Ana",
  lastName: "García",
  email: `ana${n++}@example.com`,
  password: "secret1",
});
const home = {
  company: undefined,
  address: "1 Main Street",
  apartment: "Apt 4",
  country: "France",
  city: "Paris",
  zipCode: "75001",
  phone: "+33 1 23 45 67 89",
};

describe("sessions", () => {
  it("store only a hash of the id, resolve to the user, and expire", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    const now = new Date("2026-01-01T00:00:00Z");
    const session = await createSession(ctx, user.id, now);
    const stored = await ctx.db.send(
      new GetCommand({
        TableName: ctx.tableName,
        Key: { pk: `SESSION#${session.id}`, sk: "SESSION" },
      }),
    );
    expect(stored.Item).toBeUndefined();
    expect(await getSessionUser(ctx, session.id, now)).toEqual(user);
    const later = new Date(now.getTime() + (SESSION_LIFETIME_SECONDS + 1) * 1000);
    expect(await getSessionUser(ctx, session.id, later)).toBeNull();
    expect(await getSessionUser(ctx, "forged-id", now)).toBeNull();
    await deleteSession(ctx, session.id);
    expect(await getSessionUser(ctx, session.id, now)).toBeNull();
  });

  it("costs two reads per request", async () => {
    const { ctx, tableCalls, resetTableCalls } = await createTestContext();
    const user = await createUser(ctx, person());
    const session = await createSession(ctx, user.id);
    resetTableCalls();
    await getSessionUser(ctx, session.id);
    expect(tableCalls()).toBe(2);
  });

  it("a password change revokes every other session, keeping the current one", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    const mine = await createSession(ctx, user.id);
    const other = await createSession(ctx, user.id);
    const third = await createSession(ctx, user.id);
    const stranger = await createSession(ctx, (await createUser(ctx, person())).id);
    await changePassword(
      ctx,
      user.id,
      { currentPassword: "secret1", password: "newpass1" },
      mine.id,
      limits,
    );
    expect(await getSessionUser(ctx, mine.id)).toMatchObject({ id: user.id });
    expect(await getSessionUser(ctx, other.id)).toBeNull();
    expect(await getSessionUser(ctx, third.id)).toBeNull();
    expect(await getSessionUser(ctx, stranger.id)).not.toBeNull();
    await expect(verifyCredentials(ctx, user.email, "secret1")).rejects.toThrow(BAD_CREDENTIALS);
    await expect(verifyCredentials(ctx, user.email, "newpass1")).resolves.toMatchObject({
      id: user.id,
    });
  });
});

/** Asks for a reset of `email` and answers the token of the link it queued. */
async function resetTokenFor(ctx: Context, email: string, now = new Date()) {
  const before = (await queuedMails(ctx)).length;
  await requestPasswordReset(ctx, email, here, limits, now);
  const mails = await queuedMails(ctx);
  expect(mails).toHaveLength(before + 1);
  return /token=([\w-]+)/.exec(mails.at(-1)?.text ?? "")?.[1] ?? "";
}

describe("password reset", () => {
  it("queues a single-use link; the token is stored hashed and signs everyone out", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    const session = await createSession(ctx, user.id);
    let sesCalls = 0;
    const ses = await ctx.ses();
    const original = ses.send.bind(ses);
    ses.send = ((command: never) => {
      sesCalls++;
      return original(command);
    }) as never;
    await requestPasswordReset(ctx, user.email, here, limits);
    // Queued through the table (the mailer sends it), not sent within the request.
    expect(sesCalls).toBe(0);
    const [mail] = await queuedMails(ctx);
    expect(mail).toMatchObject({ to: user.email, subject: RESET_MAIL_SUBJECT });
    expect(mail?.text).toContain(`Hello ${user.firstName},`);
    expect(mail?.html).toContain(">Reset my password</a>");
    const token = /token=([\w-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(token).toHaveLength(43);
    expect(mail?.text).toContain(`${ctx.config.appUrl}/auth/reset-password?token=${token}`);
    const raw = await ctx.db.send(
      new GetCommand({ TableName: ctx.tableName, Key: resetTokenKey(token) }),
    );
    expect(raw.Item).toBeUndefined();
    expect(await isResetTokenValid(ctx, token)).toBe(true);

    await resetPassword(ctx, { token, password: "brandnew" });
    expect(await getSessionUser(ctx, session.id)).toBeNull();
    await expect(verifyCredentials(ctx, user.email, "brandnew")).resolves.toBeTruthy();
    expect(await isResetTokenValid(ctx, token)).toBe(false);
    await expect(resetPassword(ctx, { token, password: "another1" })).rejects.toMatchObject({
      message: "Invalid token",
      field: "token",
    });
  });

  it("answers the same for an unknown e-mail, with the same table work and no mail", async () => {
    const { ctx, tableCalls, resetTableCalls } = await createTestContext();
    const user = await createUser(ctx, person());
    let sesCalls = 0;
    (await ctx.ses()).send = (async () => {
      sesCalls++;
    }) as never;

    resetTableCalls();
    const known = await requestPasswordReset(ctx, user.email, here, limits);
    const knownCalls = tableCalls();
    resetTableCalls();
    const unknown = await requestPasswordReset(ctx, "nobody@example.com", here, limits);
    const unknownCalls = tableCalls();

    expect(unknown).toEqual(known);
    expect(unknown).toBeUndefined();
    // Two counters, two reads, one transaction either way.
    expect(unknownCalls).toBe(knownCalls);
    expect(knownCalls).toBe(5);
    expect(sesCalls).toBe(0);
    const mails = await queuedMails(ctx);
    expect(mails.map((m) => m.to)).toEqual([user.email]);
  });

  it("a completed reset voids the account's other outstanding tokens", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    const stranger = await createUser(ctx, person());
    const first = await resetTokenFor(ctx, user.email);
    const second = await resetTokenFor(ctx, user.email);
    const third = await resetTokenFor(ctx, user.email);
    const theirs = await resetTokenFor(ctx, stranger.email);
    expect(new Set([first, second, third]).size).toBe(3);

    await resetPassword(ctx, { token: second, password: "brandnew" });
    for (const token of [first, third]) {
      expect(await isResetTokenValid(ctx, token)).toBe(false);
      await expect(resetPassword(ctx, { token, password: "attacker" })).rejects.toMatchObject({
        message: "Invalid token",
        field: "token",
        status: 400,
      });
    }
    await expect(verifyCredentials(ctx, user.email, "brandnew")).resolves.toBeTruthy();
    // Another account's token is untouched, and a new request works again.
    expect(await isResetTokenValid(ctx, theirs)).toBe(true);
    const fresh = await resetTokenFor(ctx, user.email);
    await expect(resetPassword(ctx, { token: fresh, password: "newer12" })).resolves.toMatchObject({
      id: user.id,
    });
  });

  it("a password change voids every outstanding token", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    const session = await createSession(ctx, user.id);
    const tokens = [await resetTokenFor(ctx, user.email), await resetTokenFor(ctx, user.email)];
    await changePassword(
      ctx,
      user.id,
      { currentPassword: "secret1", password: "changed1" },
      session.id,
      limits,
    );
    for (const token of tokens) {
      expect(await isResetTokenValid(ctx, token)).toBe(false);
      await expect(resetPassword(ctx, { token, password: "attacker" })).rejects.toMatchObject({
        message: "Invalid token",
      });
    }
    await expect(verifyCredentials(ctx, user.email, "changed1")).resolves.toBeTruthy();
  });

  it("refuses a token after an hour", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    const then = new Date("2026-03-01T10:00:00Z");
    const token = await resetTokenFor(ctx, user.email, then);
    const late = new Date(then.getTime() + 3601 * 1000);
    expect(await isResetTokenValid(ctx, token, then)).toBe(true);
    expect(await isResetTokenValid(ctx, token, late)).toBe(false);
    await expect(resetPassword(ctx, { token, password: "brandnew" }, late)).rejects.toThrow(
      "Invalid token",
    );
    await expect(verifyCredentials(ctx, user.email, "secret1")).resolves.toBeTruthy();
  });
});

describe("password hash upgrade", () => {
  it("rehashes an old-parameter hash with the current ones at the next sign-in", async () => {
    // At the shop's own cost, not the tests' lower one (packages/local-cloud/src/vitest-setup.ts).
    setPasswordCostForTests(undefined);
    onTestFinished(() => setPasswordCostForTests(TEST_PASSWORD_COST));
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    const session = await createSession(ctx, user.id);
    const token = await resetTokenFor(ctx, user.email);
    // A hash as the shop stored them before: scrypt N=2^14, r=8, p=1.
    const salt = randomBytes(16);
    const legacy = [
      "scrypt",
      16384,
      8,
      1,
      salt.toString("base64"),
      scryptSync("secret1", salt, 32, { N: 16384, r: 8, p: 1 }).toString("base64"),
    ].join("$");
    await ctx.db.send(
      new UpdateCommand({
        TableName: ctx.tableName,
        Key: userKey(user.id),
        UpdateExpression: "SET passwordHash = :h",
        ExpressionAttributeValues: { ":h": legacy },
      }),
    );

    // A failed sign-in changes nothing.
    await expect(
      signIn(ctx, { email: user.email, password: "wrong-1" }, here, limits),
    ).rejects.toMatchObject({ status: 401 });
    expect((await getUserItem(ctx, user.id))?.passwordHash).toBe(legacy);

    await expect(
      signIn(ctx, { email: user.email, password: "secret1" }, here, limits),
    ).resolves.toMatchObject({ id: user.id });
    const upgraded = (await getUserItem(ctx, user.id))?.passwordHash ?? "";
    expect(upgraded).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect(needsRehash(upgraded)).toBe(false);
    await expect(verifyCredentials(ctx, user.email, "secret1")).resolves.toBeTruthy();
    // The password is the same: sessions and reset links stay valid.
    expect(await getSessionUser(ctx, session.id)).toMatchObject({ id: user.id });
    expect(await isResetTokenValid(ctx, token)).toBe(true);
    // And the next sign-in has nothing to upgrade.
    await signIn(ctx, { email: user.email, password: "secret1" }, here, limits);
    expect((await getUserItem(ctx, user.id))?.passwordHash).toBe(upgraded);
  });
});

describe("abuse limits", () => {
  it("lock an e-mail + address pair after 5 failures, even for the right password", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    for (let i = 0; i < 5; i++) {
      await expect(
        signIn(ctx, { email: user.email, password: "wrong-1" }, here, limits),
      ).rejects.toMatchObject({ status: 401, field: "email" });
    }
    await expect(
      signIn(ctx, { email: user.email, password: "secret1" }, here, limits),
    ).rejects.toMatchObject({ status: 429, field: "email" });
    // Someone elsewhere (another address) is not locked out.
    await expect(
      signIn(
        ctx,
        { email: user.email, password: "secret1" },
        { clientAddress: "203.0.113.9" },
        limits,
      ),
    ).resolves.toMatchObject({ id: user.id });
  });

  it("count successful uses by condition: the limit holds under concurrency", async () => {
    const { ctx } = await createTestContext();
    const limit = { max: 3, windowSeconds: 3600 };
    const results = await Promise.all(
      Array.from({ length: 8 }, () => consume(ctx, "test", "subject", limit)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });

  // addressLimitKey (./client-address.ts): one home's /64 is one budget, however it is spelled.
  it("count the IPv6 addresses of one /64 as one address: one sign-up and one reset budget", async () => {
    const { ctx } = await createTestContext();
    const one = { ...limits, signUps: { max: 1, windowSeconds: 3600 } };
    await signUp(ctx, person(), { clientAddress: "2001:db8:77:1::10" }, one);
    await expect(
      signUp(ctx, person(), { clientAddress: "2001:DB8:77:1:a:b:c:d" }, one),
    ).rejects.toMatchObject({ status: 429, field: "email" });
    await signUp(ctx, person(), { clientAddress: "2001:db8:77:2::10" }, one);

    const two = { ...limits, resetsPerAddress: { max: 2, windowSeconds: 3600 } };
    const ask = (clientAddress: string) =>
      requestPasswordReset(ctx, person().email, { clientAddress }, two);
    await ask("2001:db8:88:1::1");
    await ask("2001:0db8:0088:0001:ffff:ffff:ffff:fffe");
    await expect(ask("[2001:db8:88:1::2%eth0]")).rejects.toMatchObject({ status: 429 });
    await expect(ask("2001:db8:88:2::1")).resolves.toBeUndefined();
    // An IPv4 peer on a dual-stack socket (::ffff:a.b.c.d) is its IPv4 address.
    await ask("::ffff:198.51.100.99");
    await ask("198.51.100.99");
    await expect(ask("198.51.100.99")).rejects.toMatchObject({ status: 429 });
  });

  // Twenty scrypt hashes (docs/architecture.md §5): side by side, and given more than the default time.
  it("allow at least 20 sign-ups an hour from one address, then refuse", async () => {
    const { ctx } = await createTestContext();
    const tight = { ...limits, signUps: { max: 20, windowSeconds: 3600 } };
    await Promise.all(Array.from({ length: 20 }, () => signUp(ctx, person(), here, tight)));
    await expect(signUp(ctx, person(), here, tight)).rejects.toMatchObject({
      status: 429,
      field: "email",
    });
  }, 90_000);
});

describe("profile", () => {
  it("updates the names only: not the e-mail, the role or the password", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    const before = await getUserItem(ctx, user.id);
    const input = { firstName: "Anna", lastName: "Gómez" };
    await updateNames(ctx, user.id, {
      ...input,
      email: "anna.new@example.com",
      isAdmin: true,
      passwordHash: "hacked",
    } as typeof input);
    expect(await getUserItem(ctx, user.id)).toMatchObject({
      firstName: "Anna",
      lastName: "Gómez",
      email: user.email,
      isAdmin: false,
      passwordHash: before?.passwordHash,
    });
    await expect(updateNames(ctx, "nobody", input)).rejects.toMatchObject({ status: 404 });
  });
});

describe("addresses", () => {
  it("are listed in creation order and changed only by their owner", async () => {
    const { ctx, tableCalls, resetTableCalls } = await createTestContext();
    const ana = await createUser(ctx, person());
    const eve = await createUser(ctx, person());
    const first = await createAddress(ctx, ana.id, home);
    const second = await createAddress(ctx, ana.id, {
      ...home,
      city: "Lyon",
      apartment: undefined,
    });
    resetTableCalls();
    expect((await listAddresses(ctx, ana.id)).map((a) => a.city)).toEqual(["Paris", "Lyon"]);
    expect(tableCalls()).toBe(1);
    expect(await listAddresses(ctx, eve.id)).toEqual([]);

    await expect(updateAddress(ctx, eve.id, first.id, home)).rejects.toMatchObject({ status: 404 });
    await expect(deleteAddress(ctx, eve.id, first.id)).rejects.toMatchObject({ status: 404 });
    expect(await listAddresses(ctx, eve.id)).toEqual([]);

    const updated = await updateAddress(ctx, ana.id, first.id, {
      ...home,
      apartment: undefined,
      company: "Acme",
    });
    expect(updated).toMatchObject({ id: first.id, company: "Acme", apartment: undefined });
    await deleteAddress(ctx, ana.id, second.id);
    expect((await listAddresses(ctx, ana.id)).map((a) => a.id)).toEqual([first.id]);
  });
});

describe("account deletion", () => {
  it("removes the user, the e-mail claim, addresses and sessions", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    await createAddress(ctx, user.id, home);
    const session = await createSession(ctx, user.id);
    await deleteAccount(ctx, user.id);
    const partition = await ctx.db.send(
      new QueryCommand({
        TableName: ctx.tableName,
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": userKey(user.id).pk },
      }),
    );
    expect(partition.Count).toBe(0);
    const claim = await ctx.db.send(
      new GetCommand({ TableName: ctx.tableName, Key: emailKey(user.email) }),
    );
    expect(claim.Item).toBeUndefined();
    expect(await getSessionUser(ctx, session.id)).toBeNull();
    await expect(verifyCredentials(ctx, user.email, "secret1")).rejects.toThrow(BAD_CREDENTIALS);
    // The e-mail is free again.
    await expect(createUser(ctx, { ...person(), email: user.email })).resolves.toBeTruthy();
  });
});
