// Re-authentication and e-mail change, against DynamoDB Local: a session alone changes neither
// the password, nor the e-mail, nor deletes the account; a new e-mail takes effect only from the
// link sent to it, the old address is told, and only the latest link works, once.
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { createTestContext, queuedMails } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import type { Context } from "../context/index.server.ts";
import { emailKey } from "../db/keys.ts";
import {
  CURRENT_PASSWORD_WRONG,
  changePassword,
  closeAccount,
  confirmCurrentPassword,
} from "./auth.server.ts";
import {
  confirmEmailChange,
  EMAIL_CHANGE_NOTICE_SUBJECT,
  EMAIL_CHANGE_SUBJECT,
  EMAIL_VERIFY_SUBJECT,
  emailLinkTarget,
  requestEmailChange,
  requestEmailVerification,
} from "./email-change.server.ts";
import { loadAbuseLimits } from "./limits.ts";
import { CURRENT_PASSWORD_REQUIRED, INVALID_EMAIL_LINK } from "./schemas.ts";
import { createSession, getSessionUser } from "./sessions.server.ts";
import { createUser, EMAIL_TAKEN, getUserItem, verifyCredentials } from "./users.server.ts";

const limits = loadAbuseLimits({});
let n = 0;
const person = () => ({
  firstName: "Ana",
  lastName: "García",
  email: `change${n++}@example.com`,
  password: "secret1",
});

const tokenIn = (text: string) => /confirm-email\?token=([\w-]+)/.exec(text)?.[1] ?? "";

async function claimOf(ctx: Context, email: string) {
  const { Item } = await ctx.db.send(
    new GetCommand({ TableName: ctx.tableName, Key: emailKey(email), ConsistentRead: true }),
  );
  return Item?.userId as string | undefined;
}

describe("re-authentication", () => {
  it("a wrong current password changes nothing: not the password, not the account", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    const session = await createSession(ctx, user.id);
    const wrong = { currentPassword: "guess-1", password: "taken-over" };
    await expect(changePassword(ctx, user.id, wrong, session.id, limits)).rejects.toMatchObject({
      message: CURRENT_PASSWORD_WRONG,
      field: "currentPassword",
      status: 401,
    });
    await expect(verifyCredentials(ctx, user.email, "secret1")).resolves.toBeTruthy();
    await expect(closeAccount(ctx, user.id, "guess-2", limits)).rejects.toMatchObject({
      status: 401,
    });
    expect(await getUserItem(ctx, user.id)).not.toBeNull();
    // With it: both work.
    await changePassword(
      ctx,
      user.id,
      { currentPassword: "secret1", password: "newpass1" },
      session.id,
      limits,
    );
    await closeAccount(ctx, user.id, "newpass1", limits);
    expect(await getUserItem(ctx, user.id)).toBeNull();
    expect(await getSessionUser(ctx, session.id)).toBeNull();
  });

  it("counts wrong passwords per user before checking them: parallel guesses stop at the limit", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    const now = new Date();
    const answers = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        confirmCurrentPassword(ctx, user.id, `guess-${i}`, limits, now),
      ),
    );
    const statuses = answers.map((a) => (a.status === "rejected" ? a.reason.status : 200));
    expect(statuses.filter((s) => s === 401)).toHaveLength(limits.signInFailures.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - limits.signInFailures.max);
    // Locked for the window, even with the right password.
    await expect(
      confirmCurrentPassword(ctx, user.id, "secret1", limits, now),
    ).rejects.toMatchObject({ status: 429, field: "currentPassword" });
    // A right password gives its count back: it never locks the owner out.
    const other = await createUser(ctx, person());
    for (let i = 0; i < limits.signInFailures.max + 2; i++) {
      await confirmCurrentPassword(ctx, other.id, "secret1", limits, now);
    }
  }, 60_000);
});

describe("e-mail change", () => {
  it("takes effect only from the link sent to the new address; the old address is told", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    const next = `moved${n++}@example.com`;
    await expect(
      requestEmailChange(ctx, user, { email: next, currentPassword: "" }, limits),
    ).rejects.toMatchObject({ message: CURRENT_PASSWORD_REQUIRED, field: "currentPassword" });
    await expect(
      requestEmailChange(ctx, user, { email: next, currentPassword: "wrong-1" }, limits),
    ).rejects.toMatchObject({ status: 401 });
    expect(await queuedMails(ctx)).toEqual([]);

    await requestEmailChange(
      ctx,
      user,
      { email: ` ${next.toUpperCase()} `, currentPassword: "secret1" },
      limits,
    );
    // Nothing moved yet: the account, its claim and its sign-in stay on the old address.
    const pending = await getUserItem(ctx, user.id);
    expect(pending).toMatchObject({ email: user.email, pendingEmail: next, emailVerified: false });
    expect(await claimOf(ctx, user.email)).toBe(user.id);
    expect(await claimOf(ctx, next)).toBeUndefined();
    const mails = await queuedMails(ctx);
    const link = mails.find((m) => m.to === next);
    expect(link?.subject).toBe(EMAIL_CHANGE_SUBJECT);
    const notice = mails.find((m) => m.to === user.email);
    expect(notice?.subject).toBe(EMAIL_CHANGE_NOTICE_SUBJECT);
    expect(notice?.text).toContain(next);
    expect(notice?.text).not.toMatch(/token=/);

    const token = tokenIn(link?.text ?? "");
    expect(await emailLinkTarget(ctx, token)).toEqual({ email: next, change: true });
    const moved = await confirmEmailChange(ctx, token);
    expect(moved).toMatchObject({ id: user.id, email: next, emailVerified: true });
    expect(await claimOf(ctx, next)).toBe(user.id);
    expect(await claimOf(ctx, user.email)).toBeUndefined();
    expect((await getUserItem(ctx, user.id))?.pendingEmail).toBeUndefined();
    await expect(verifyCredentials(ctx, next, "secret1")).resolves.toMatchObject({ id: user.id });
    // Once only.
    await expect(confirmEmailChange(ctx, token)).rejects.toMatchObject({
      message: INVALID_EMAIL_LINK,
    });
    expect(await emailLinkTarget(ctx, token)).toBeNull();
  });

  it("refuses an address another account has, and one claimed before the link is followed", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    const other = await createUser(ctx, person());
    await expect(
      requestEmailChange(ctx, user, { email: other.email, currentPassword: "secret1" }, limits),
    ).rejects.toMatchObject({ message: EMAIL_TAKEN, field: "email", status: 409 });

    const next = `race${n++}@example.com`;
    await requestEmailChange(ctx, user, { email: next, currentPassword: "secret1" }, limits);
    const token = tokenIn((await queuedMails(ctx)).find((m) => m.to === next)?.text ?? "");
    const squatter = await createUser(ctx, { ...person(), email: next });
    await expect(confirmEmailChange(ctx, token)).rejects.toMatchObject({ message: EMAIL_TAKEN });
    expect(await claimOf(ctx, next)).toBe(squatter.id);
    expect((await getUserItem(ctx, user.id))?.email).toBe(user.email);
  });

  it("only the latest link works, and none after a day", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    const first = `first${n++}@example.com`;
    const second = `second${n++}@example.com`;
    const now = new Date();
    await requestEmailChange(ctx, user, { email: first, currentPassword: "secret1" }, limits, now);
    await requestEmailChange(ctx, user, { email: second, currentPassword: "secret1" }, limits, now);
    const mails = await queuedMails(ctx);
    const firstToken = tokenIn(mails.find((m) => m.to === first)?.text ?? "");
    const secondToken = tokenIn(mails.find((m) => m.to === second)?.text ?? "");
    await expect(confirmEmailChange(ctx, firstToken)).rejects.toMatchObject({
      message: INVALID_EMAIL_LINK,
    });
    const tomorrow = new Date(now.getTime() + 24 * 3600 * 1000 + 1000);
    await expect(confirmEmailChange(ctx, secondToken, tomorrow)).rejects.toMatchObject({
      message: INVALID_EMAIL_LINK,
    });
    await expect(confirmEmailChange(ctx, secondToken, now)).resolves.toMatchObject({
      email: second,
    });
    for (const token of ["", "x".repeat(600), "forged"]) {
      await expect(confirmEmailChange(ctx, token)).rejects.toMatchObject({ status: 400 });
    }
  });

  it("verifies the account's own address from a link sent there", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    expect(user.emailVerified).toBe(false);
    await requestEmailVerification(ctx, user.id, limits);
    const [mail] = await queuedMails(ctx);
    expect(mail).toMatchObject({ to: user.email, subject: EMAIL_VERIFY_SUBJECT });
    const token = tokenIn(mail?.text ?? "");
    expect(await emailLinkTarget(ctx, token)).toEqual({ email: user.email, change: false });
    await expect(confirmEmailChange(ctx, token)).resolves.toMatchObject({
      email: user.email,
      emailVerified: true,
    });
    expect(await claimOf(ctx, user.email)).toBe(user.id);
  });

  it("sends at most the per-hour number of links for one account", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    const now = new Date();
    for (let i = 0; i < limits.resetsPerEmail.max; i++) {
      await requestEmailVerification(ctx, user.id, limits, now);
    }
    await expect(requestEmailVerification(ctx, user.id, limits, now)).rejects.toMatchObject({
      status: 429,
    });
    expect(await queuedMails(ctx)).toHaveLength(limits.resetsPerEmail.max);
  });
});
