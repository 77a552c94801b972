import { describe, expect, it } from "vitest";
import { loadBoundSecrets } from "./sst-secrets.server.ts";

describe("bound secrets", () => {
  it("leave the environment alone outside AWS (no SST_APP)", async () => {
    const env: Record<string, string | undefined> = { SESSION_SECRET: "from-env" };
    await loadBoundSecrets(env);
    expect(env).toEqual({ SESSION_SECRET: "from-env" });
  });
});
