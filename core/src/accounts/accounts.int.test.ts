import { GetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { emailKey, resetTokenKey, userKey } from "../db/keys.ts";
import { DomainError } from "../shared/errors.ts";
import { createAddress, deleteAddress, listAddresses, updateAddress } from "./addresses.server.ts";
import {
  changePassword,
  deleteAccount,
  isResetTokenValid,
  requestPasswordReset,
  resetPassword,
  signIn,
  signUp,
} from "./auth.server.ts";
import { loadAbuseLimits } from "./limits.ts";
import { consume } from "./rate-limit.server.ts";
import {
  createSession,
  deleteSession,
  getSessionUser,
  SESSION_LIFETIME_SECONDS,
} from "./sessions.server.ts";
import {
  BAD_CREDENTIALS,
  createUser,
  EMAIL_TAKEN,
  getUserItem,
  updateProfile,
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
    await changePassword(ctx, user.id, "newpass1", mine.id);
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

describe("password reset", () => {
  it("mails a single-use link; the token is stored hashed and signs everyone out", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    const session = await createSession(ctx, user.id);
    const sent: string[] = [];
    const original = ctx.ses.send.bind(ctx.ses);
    ctx.ses.send = (async (command: {
      input: { Content: { Simple: { Body: { Text: { Data: string } } } } };
    }) => {
      sent.push(command.input.Content.Simple.Body.Text.Data);
      return original(command as never);
    }) as never;
    await requestPasswordReset(ctx, user.email, here, limits);
    const token = /token=([\w-]+)/.exec(sent[0] ?? "")?.[1] ?? "";
    expect(token).toHaveLength(43);
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

  it("answers the same for an unknown e-mail, mailing nothing", async () => {
    const { ctx } = await createTestContext();
    let mails = 0;
    ctx.ses.send = (async () => {
      mails++;
    }) as never;
    await expect(
      requestPasswordReset(ctx, "nobody@example.com", here, limits),
    ).resolves.toBeUndefined();
    expect(mails).toBe(0);
  });

  it("refuses a token after an hour", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    let text = "";
    ctx.ses.send = (async (c: {
      input: { Content: { Simple: { Body: { Text: { Data: string } } } } };
    }) => {
      text = c.input.Content.Simple.Body.Text.Data;
    }) as never;
    const then = new Date("2026-03-01T10:00:00Z");
    await requestPasswordReset(ctx, user.email, here, limits, then);
    const token = /token=([\w-]+)/.exec(text)?.[1] ?? "";
    const late = new Date(then.getTime() + 3601 * 1000);
    expect(await isResetTokenValid(ctx, token, late)).toBe(false);
    await expect(resetPassword(ctx, { token, password: "brandnew" }, late)).rejects.toThrow(
      "Invalid token",
    );
    await expect(verifyCredentials(ctx, user.email, "secret1")).resolves.toBeTruthy();
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
    expect(results.filter(Boolean)).toHaveLength(3);
  });

  it("allow at least 20 sign-ups an hour from one address, then refuse", async () => {
    const { ctx } = await createTestContext();
    const tight = { ...limits, signUps: { max: 20, windowSeconds: 3600 } };
    for (let i = 0; i < 20; i++) await signUp(ctx, person(), here, tight);
    await expect(signUp(ctx, person(), here, tight)).rejects.toMatchObject({
      status: 429,
      field: "email",
    });
  });
});

describe("profile", () => {
  it("updates names and e-mail only, moving the e-mail claim", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    const before = await getUserItem(ctx, user.id);
    const input = { firstName: "Anna", lastName: "Gómez", email: "Anna.New@example.com" };
    await updateProfile(ctx, user.id, {
      ...input,
      isAdmin: true,
      password: "hacked",
    } as typeof input);
    const after = await getUserItem(ctx, user.id);
    expect(after).toMatchObject({
      firstName: "Anna",
      lastName: "Gómez",
      email: "anna.new@example.com",
      isAdmin: false,
      passwordHash: before?.passwordHash,
    });
    const oldClaim = await ctx.db.send(
      new GetCommand({ TableName: ctx.tableName, Key: emailKey(user.email) }),
    );
    expect(oldClaim.Item).toBeUndefined();
    await expect(verifyCredentials(ctx, "anna.new@example.com", "secret1")).resolves.toBeTruthy();
  });

  it("refuses an e-mail that belongs to someone else, on the E-mail field", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    const other = await createUser(ctx, person());
    const error = await updateProfile(ctx, user.id, {
      firstName: "Ana",
      lastName: "García",
      email: other.email,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ message: EMAIL_TAKEN, field: "email", status: 409 });
    expect((await getUserItem(ctx, user.id))?.email).toBe(user.email);
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
