// The purge function's handler without CloudFront: one invalidation per batch, none for a batch
// that changes no cached page, the same caller reference when a batch comes again.
import { marshall } from "@aws-sdk/util-dynamodb";
import { describe, expect, it } from "vitest";
import {
  batchReference,
  cloudFrontInvalidate,
  edgePurgeHandler,
  type PurgeStreamRecord,
} from "./cloudfront.ts";

const productRecord = (slug: string, seq: string): PurgeStreamRecord => ({
  eventName: "MODIFY",
  dynamodb: {
    SequenceNumber: seq,
    Keys: marshall({ pk: "PRODUCT#p1", sk: "PRODUCT" }),
    NewImage: marshall({ pk: "PRODUCT#p1", sk: "PRODUCT", entity: "product", slug }),
  },
});

function recording() {
  const sent: Array<{ paths: string[]; reference: string }> = [];
  return {
    sent,
    invalidate: async (paths: string[], reference: string) => {
      sent.push({ paths, reference });
    },
  };
}

describe("the edge purge handler", () => {
  it("sends one invalidation per batch, with the same reference when the batch comes again", async () => {
    const { sent, invalidate } = recording();
    const handler = edgePurgeHandler(invalidate, () => 5);
    const batch = { Records: [productRecord("a-shirt", "100"), productRecord("a-shirt", "101")] };
    await handler(batch);
    await handler(batch);
    await handler({ Records: [productRecord("a-shirt", "102")] });
    expect(sent).toHaveLength(3);
    expect(sent[0]?.paths).toContain("/product/a-shirt");
    expect(sent[0]?.reference).toBe(sent[1]?.reference);
    expect(sent[2]?.reference).not.toBe(sent[0]?.reference);
  });

  it("sends nothing for a batch that changes no cached page", async () => {
    const { sent, invalidate } = recording();
    await edgePurgeHandler(
      invalidate,
      () => 5,
    )({
      Records: [
        {
          eventName: "MODIFY",
          dynamodb: {
            SequenceNumber: "7",
            Keys: marshall({ pk: "PRODUCT#p1", sk: "STOCK" }),
            NewImage: marshall({
              pk: "PRODUCT#p1",
              sk: "STOCK",
              entity: "stock",
              counts: { M: 40 },
            }),
          },
        },
      ],
    });
    expect(sent).toEqual([]);
  });

  it("gives each batch without sequence numbers a reference of its own", () => {
    const records = [{ eventName: "MODIFY" }];
    expect(batchReference(records)).not.toBe(batchReference(records));
  });

  it("waits out CloudFront's limit of invalidations in progress, then gives up", async () => {
    let calls = 0;
    const busy = Object.assign(new Error("too many"), { name: "TooManyInvalidationsInProgress" });
    const client = {
      send: async () => {
        calls++;
        if (calls < 3) throw busy;
        return {};
      },
    };
    await cloudFrontInvalidate("E1", client as never, [1, 1])(["/product"], "r");
    expect(calls).toBe(3);
    calls = -10;
    await expect(
      cloudFrontInvalidate("E1", client as never, [1])(["/product"], "r"),
    ).rejects.toThrow("too many");
  });
});
