// A process may load the mail queue before anything else (a script, a function): the modules
// must not form an import cycle that leaves a constant uninitialised.
import { describe, expect, it } from "vitest";
import { MAIL_REQUESTED, queueMail } from "./queue.server.ts";

describe("loading the mail queue first", () => {
  it("still registers the mailer's reaction", async () => {
    expect(typeof queueMail).toBe("function");
    const { REACTING_EVENT_TYPES } = await import("../reactions/index.server.ts");
    expect(REACTING_EVENT_TYPES).toContain(MAIL_REQUESTED);
  });
});
