// Domain events written with a change are delivered from the table's stream once, in order,
// also when the delivering process stops and starts again (the position is checkpointed).
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createUser } from "@shop/core/server/accounts";
import { type DomainEvent, eventFromStreamRecord } from "@shop/core/server/events";
import { describe, expect, it } from "vitest";
import { startStreamDelivery } from "./stream-delivery.ts";
import { createTestContext } from "./testing.ts";

async function setup() {
  const test = await createTestContext();
  const dir = await mkdtemp(join(tmpdir(), "delivery-"));
  const delivered: DomainEvent[] = [];
  let failuresLeft = 0;
  const start = () =>
    startStreamDelivery({
      endpoint: test.env.DYNAMODB_ENDPOINT as string,
      tableName: test.ctx.tableName,
      checkpointFile: join(dir, "checkpoint.json"),
      deadLetterFile: join(dir, "dead-letters.jsonl"),
      filter: (r) => eventFromStreamRecord(r as never) !== null,
      deliver: async (records) => {
        if (failuresLeft > 0) {
          failuresLeft--;
          throw new Error("handler crashed");
        }
        for (const r of records) delivered.push(eventFromStreamRecord(r as never) as DomainEvent);
      },
      pollMs: 50,
    });
  const failNext = (n: number) => {
    failuresLeft = n;
  };
  return { ...test, delivered, start, failNext };
}

const person = (n: number) => ({
  firstName: `P${n}`,
  lastName: "Test",
  email: `p${n}@example.com`,
  password: "secret1",
});

describe("domain event delivery from the table's stream", () => {
  it("delivers an event written with a change exactly once, and not other writes", async () => {
    const { ctx, delivered, start } = await setup();
    const delivery = await start();
    const user = await createUser(ctx, person(1));
    await delivery.drain();
    await delivery.drain(); // a second idle pass delivers nothing more
    await delivery.stop();
    // The user and e-mail claim items are in the stream too, but only the event is delivered.
    expect(delivered.map((e) => [e.type, e.payload.userId])).toEqual([
      ["user.registered", user.id],
    ]);
  });

  it("resumes after a restart: nothing delivered twice, nothing written meanwhile lost", async () => {
    const { ctx, delivered, start } = await setup();
    const first = await start();
    await createUser(ctx, person(1));
    await first.drain();
    await first.stop();

    // Written while no process delivers.
    await createUser(ctx, person(2));
    await createUser(ctx, person(3));

    const second = await start();
    await second.drain();
    await second.stop();
    expect(delivered.map((e) => e.payload.email)).toEqual([
      "p1@example.com",
      "p2@example.com",
      "p3@example.com",
    ]);
  });

  it("retries a batch whose handler failed, then delivers it once", async () => {
    const { ctx, delivered, start, failNext } = await setup();
    failNext(1);
    const delivery = await start();
    await createUser(ctx, person(1));
    await delivery.drain(15_000);
    await delivery.stop();
    expect(delivered.map((e) => e.payload.email)).toEqual(["p1@example.com"]);
  });
});
