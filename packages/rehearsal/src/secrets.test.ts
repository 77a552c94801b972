// The secrets a function reads from SSM at a cold start (core's fetchBoundSecrets), against the
// rehearsal's parameter store: the stage's value, else the app's fallback; and, with SSM behind
// a proxy that stops answering, a failure within SSM's deadline as DependencyUnavailable, logged.
import { isDependencyUnavailable } from "@shop/core/common";
import {
  fetchBoundSecrets,
  POLICIES,
  secretParameterPaths,
  secretsClient,
  worstCaseMs,
} from "@shop/core/server/context";
import { startStallProxy } from "@shop/local-cloud";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startParameterStore } from "./stand-ins.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

const STAGE = { SST_APP: "shop", SST_SSM_PREFIX: "/sst/shop/pr-1/" };
const ssmAt = (endpoint: string) =>
  secretsClient("eu-west-1", {
    endpoint,
    credentials: { accessKeyId: "test", secretAccessKey: "test" },
  });

describe("a function's secrets at a cold start", () => {
  it("are the stage's values, else the app's fallback; only the secrets SST marked", async () => {
    const store = await startParameterStore(
      new Map([
        [secretParameterPaths("SESSION_SECRET", STAGE).stage, "stage-session-secret"],
        [secretParameterPaths("STRIPE_SECRET_KEY", STAGE).fallback, "sk_test_fallback"],
      ]),
    );
    try {
      const env: Record<string, string | undefined> = {
        ...STAGE,
        SST_Secret_value_SESSION_SECRET: "__FETCH_FROM_SSM__",
        SST_Secret_value_STRIPE_SECRET_KEY: "__FETCH_FROM_SSM__",
      };
      await fetchBoundSecrets(env, ssmAt(store.url));
      expect(env.SESSION_SECRET).toBe("stage-session-secret");
      expect(env.STRIPE_SECRET_KEY).toBe("sk_test_fallback");
      expect(env.STRIPE_WEBHOOK_SECRET).toBeUndefined();
    } finally {
      store.server.close();
    }
  });

  it("include the guarded origin's secret, read through the parameter the stacks name, in the same call", async () => {
    const reference = "/aws/reference/secretsmanager/threadline/pr-1/origin";
    const parameters = new Map([
      [secretParameterPaths("SESSION_SECRET", STAGE).stage, "stage-session-secret"],
      [reference, '{"current":"c","previous":"p"}'],
    ]);
    const store = await startParameterStore(parameters);
    try {
      const env: Record<string, string | undefined> = {
        ...STAGE,
        SST_Secret_value_SESSION_SECRET: "__FETCH_FROM_SSM__",
        ORIGIN_SECRET_PARAMETER: reference,
      };
      await fetchBoundSecrets(env, ssmAt(store.url));
      expect(env.ORIGIN_SECRET).toBe('{"current":"c","previous":"p"}');
      expect(env.SESSION_SECRET).toBe("stage-session-secret");
      expect(store.calls).toBe(1);
      // Never looked for under SST's fallback path: a stage without it says so.
      parameters.delete(reference);
      const without = { ...STAGE, ORIGIN_SECRET_PARAMETER: reference };
      await expect(fetchBoundSecrets(without, ssmAt(store.url))).rejects.toThrow(/ORIGIN_SECRET/);
    } finally {
      store.server.close();
    }
  });

  it("says which secret is set nowhere", async () => {
    const store = await startParameterStore(new Map());
    try {
      const env = { ...STAGE, SST_Secret_value_SESSION_SECRET: "__FETCH_FROM_SSM__" };
      await expect(fetchBoundSecrets(env, ssmAt(store.url))).rejects.toThrow(/SESSION_SECRET/);
    } finally {
      store.server.close();
    }
  });

  it("fail within SSM's deadline when SSM does not answer, with one log line", async () => {
    const store = await startParameterStore(new Map());
    const proxy = await startStallProxy(store.url);
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: unknown) => {
      lines.push(String(line));
    });
    try {
      proxy.stall();
      const started = Date.now();
      const failure = await fetchBoundSecrets(
        { ...STAGE, SST_Secret_value_SESSION_SECRET: "__FETCH_FROM_SSM__" },
        ssmAt(proxy.url),
      ).catch((error: unknown) => error);
      expect(Date.now() - started).toBeLessThanOrEqual(worstCaseMs(POLICIES.ssm) + 250);
      expect(isDependencyUnavailable(failure)).toBe(true);
      expect(lines.map((line) => JSON.parse(line))).toEqual([
        expect.objectContaining({
          event: "dependency.unavailable",
          dependency: "ssm",
          operation: "GetParameters",
        }),
      ]);
    } finally {
      await proxy.close();
      store.server.close();
    }
  });
});
