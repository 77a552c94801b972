// `npm start` with production settings checks them before starting anything: a missing or
// unsafe setting stops it with a non-zero exit, each setting named on its own line.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const start = (env: Record<string, string>) =>
  spawnSync(process.execPath, ["--import", "tsx", join(import.meta.dirname, "dev.ts")], {
    env: { NODE_ENV: "production", PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });

const PRODUCTION = {
  STAGE: "prod",
  NODE_ENV: "production",
  SESSION_SECRET: "a-random-session-secret-of-48-characters-xxxxxxx",
};

describe("npm start with production settings", () => {
  it("refuses to start without the Stripe keys, naming each", () => {
    const run = start(PRODUCTION);
    expect(run.status).toBe(1);
    for (const name of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"]) {
      expect(run.stderr).toMatch(new RegExp(`^  - ${name}: missing`, "m"));
    }
    expect(run.stderr).toMatch(/^ {2}- APP_URL: points at this machine/m);
    expect(run.stderr).not.toMatch(/SESSION_SECRET/);
  }, 60_000);

  it("refuses the public default webhook secret", () => {
    const run = start({
      ...PRODUCTION,
      APP_URL: "https://shop.example.com",
      STRIPE_SECRET_KEY: "sk_live_abc",
      STRIPE_PUBLISHABLE_KEY: "pk_live_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_local_test_gateway",
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split("\n").slice(1)).toEqual([
      "  - STRIPE_WEBHOOK_SECRET: is the public local default",
    ]);
  }, 60_000);
});
