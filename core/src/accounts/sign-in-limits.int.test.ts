// Sign-in abuse limits under concurrency, on DynamoDB Local (docs/architecture.md §5, §6): an attempt is
// counted before its password is verified, by a conditional update, so parallel requests
// cannot get more verifications than the limit allows.
import { createTestContext } from "@shop/local-cloud/testing";
import { describe, expect, it } from "vitest";
import { signIn } from "./auth.server.ts";
import { loadAbuseLimits } from "./limits.ts";
import { BAD_CREDENTIALS, createUser } from "./users.server.ts";

const limits = loadAbuseLimits({});
// One instant for a whole test, so its attempts never straddle two counting windows.
const now = new Date();
let n = 0;
const person = () => ({
  firstName: "Ana",
  lastName: "García",
  email: `limits${n++}@example.com`,
  password: "secret1",
});

/** How each attempt was answered: "ok", or the DomainError's status. */
async function answers(attempts: Promise<unknown>[]) {
  const settled = await Promise.allSettled(attempts);
  return settled.map((r) =>
    r.status === "fulfilled" ? "ok" : (r.reason as { status?: number }).status,
  );
}

describe("sign-in lockout", () => {
  it("30 parallel wrong passwords for one account and address: at most 5 are verified", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    const from = { clientAddress: "198.51.100.20" };
    const settled = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        signIn(ctx, { email: user.email, password: "wrong-1" }, from, limits, now),
      ),
    );
    const errors = settled.map((r) => (r.status === "rejected" ? r.reason : null));
    const verified = errors.filter((e) => e?.status === 401);
    const refused = errors.filter((e) => e?.status === 429);
    expect(verified.length).toBe(limits.signInFailures.max);
    expect(refused.length).toBe(30 - limits.signInFailures.max);
    expect(verified[0]).toMatchObject({ message: BAD_CREDENTIALS, field: "email" });
    expect(refused[0]).toMatchObject({ field: "email" });
    expect(refused[0].message).toMatch(
      /^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/,
    );
    // Locked for this address, even with the right password.
    await expect(
      signIn(ctx, { email: user.email, password: "secret1" }, from, limits, now),
    ).rejects.toMatchObject({ status: 429 });
  });

  it("a successful sign-in is not counted as a failure", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    const from = { clientAddress: "198.51.100.21" };
    const tight = loadAbuseLimits({ SIGNIN_MAX_FAILURES: "2" });
    for (let i = 0; i < 4; i++) {
      await expect(
        signIn(ctx, { email: user.email, password: "secret1" }, from, tight, now),
      ).resolves.toMatchObject({ id: user.id });
    }
    await expect(
      signIn(ctx, { email: user.email, password: "wrong-1" }, from, tight, now),
    ).rejects.toMatchObject({ status: 401 });
    await expect(
      signIn(ctx, { email: user.email, password: "secret1" }, from, tight, now),
    ).resolves.toMatchObject({ id: user.id });
  });

  it("limits failures per account across client addresses, with its own higher threshold", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    // Small numbers keep the test quick (each verification is a full scrypt hash).
    const tight = loadAbuseLimits({
      SIGNIN_MAX_FAILURES: "3",
      SIGNIN_MAX_FAILURES_PER_EMAIL_PER_HOUR: "8",
    });
    // An attacker rotating addresses: two attempts from each, under the per-address limit.
    const statuses = await answers(
      Array.from({ length: 14 }, (_, i) =>
        signIn(
          ctx,
          { email: user.email, password: "wrong-1" },
          { clientAddress: `203.0.113.${Math.floor(i / 2)}` },
          tight,
          now,
        ),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(8);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    // From yet another address the account waits too, with the hour's "try again in …".
    const error = await signIn(
      ctx,
      { email: user.email, password: "secret1" },
      { clientAddress: "192.0.2.1" },
      tight,
      now,
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, field: "email" });
    expect((error as Error).message).toMatch(
      /^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/,
    );
    // Another account is not affected, from the same addresses.
    const other = await createUser(ctx, person());
    await expect(
      signIn(
        ctx,
        { email: other.email, password: "secret1" },
        { clientAddress: "203.0.113.1" },
        tight,
        now,
      ),
    ).resolves.toMatchObject({ id: other.id });
    // Two hours on, the failures have slid out of the window: the account is open again.
    const nextHour = new Date(now.getTime() + 2 * 3600 * 1000);
    await expect(
      signIn(
        ctx,
        { email: user.email, password: "secret1" },
        { clientAddress: "192.0.2.1" },
        tight,
        nextHour,
      ),
    ).resolves.toMatchObject({ id: user.id });
  });
});

describe("sign-in lockout in a sliding window", () => {
  // The SIGNIN window's edges are multiples of its length since the epoch: one ahead of now, so
  // that no other test's attempts are in the windows around it.
  const windowMs = limits.signInFailures.windowSeconds * 1000;
  let edge = Math.ceil(Date.now() / windowMs) * windowMs + windowMs;
  // Not an edge of the per-e-mail limit's window too (an hour's, so one run in four): there,
  // that counter also refuses the attempts stamped before the edge once one after it was
  // counted, and each gives back the address's count it took, after others were refused on it:
  // fewer than 5 verified, safe but not what this test measures.
  const perEmailMs = limits.signInFailuresPerEmail.windowSeconds * 1000;
  while (edge % perEmailMs === 0) edge += windowMs;
  const at = (offsetMs: number) => new Date(edge + offsetMs);

  it("30 parallel wrong passwords across a window's edge: at most 5 are verified", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    const from = { clientAddress: "198.51.100.30" };
    // 15 one second before the edge and 15 one second after, all at once.
    const statuses = await answers(
      Array.from({ length: 30 }, (_, i) =>
        signIn(
          ctx,
          { email: user.email, password: "wrong-1" },
          from,
          limits,
          at(i < 15 ? -1000 : 1000),
        ),
      ),
    );
    // In fixed windows this was 10: 5 in the window before the edge and 5 in the one after.
    expect(statuses.filter((s) => s === 401)).toHaveLength(limits.signInFailures.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - limits.signInFailures.max);
  });

  it("after the window has slid far enough, the account may try again, when the message said", async () => {
    const { ctx } = await createTestContext();
    const user = await createUser(ctx, person());
    const from = { clientAddress: "198.51.100.31" };
    const attempt = (password: string, offsetMs: number) =>
      signIn(ctx, { email: user.email, password }, from, limits, at(offsetMs)).catch(
        (e: { status?: number; message?: string }) => e,
      );
    // 5 failures 1 s before the edge fill the window.
    for (let i = 0; i < 5; i++) {
      expect(await attempt("wrong-1", -1000)).toMatchObject({ status: 401 });
    }
    // Just after the edge they still weigh 5 (ceil(5 * 899/900)): locked, even with the right
    // password, for 179 s more (at 180 s into the window they weigh 4).
    expect(await attempt("secret1", 1000)).toMatchObject({
      status: 429,
      message: "Too many failed sign-in attempts. Try again in 3 minutes.",
    });
    expect(await attempt("secret1", 179_999)).toMatchObject({ status: 429 });
    // Then one more attempt is checked; a right password gives its count back.
    await expect(
      signIn(ctx, { email: user.email, password: "secret1" }, from, limits, at(180_000)),
    ).resolves.toMatchObject({ id: user.id });
    expect(await attempt("wrong-1", 180_000)).toMatchObject({ status: 401 });
    // Now 1 + the five, which weigh 3 at 360 s: 180 s from here.
    expect(await attempt("wrong-1", 180_000)).toMatchObject({
      status: 429,
      message: "Too many failed sign-in attempts. Try again in 3 minutes.",
    });
    expect(await attempt("wrong-1", 360_000)).toMatchObject({ status: 401 });
    // Two windows after the burst, nothing of it is counted: 5 more, then locked.
    const later = 2 * limits.signInFailures.windowSeconds * 1000 + 1000;
    for (let i = 0; i < 5; i++) {
      expect(await attempt("wrong-1", later)).toMatchObject({ status: 401 });
    }
    expect(await attempt("wrong-1", later)).toMatchObject({ status: 429 });
  });
});
