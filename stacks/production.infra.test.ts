// A production stage keeps customers' data: the table and the buckets survive `sst remove` and a
// deleted stack, and the table cannot be deleted by accident.

import type { Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { Storage } from "./Storage.ts";
import { synthesize } from "./synth.ts";

let storage: Template;
beforeAll(async () => {
  storage = (await synthesize("production")).template(Storage);
}, 180_000);

describe("a production stage", () => {
  it("retains and protects the table", () => {
    const [table] = Object.values(storage.findResources("AWS::DynamoDB::Table"));
    expect(table?.DeletionPolicy).toBe("Retain");
    expect(table?.UpdateReplacePolicy).toBe("Retain");
    expect(table?.Properties.DeletionProtectionEnabled).toBe(true);
  });

  it("retains the invoices and images buckets", () => {
    const buckets = Object.entries(storage.findResources("AWS::S3::Bucket")).filter(([id]) =>
      /^(Invoices|Images)/.test(id),
    );
    expect(buckets).toHaveLength(2);
    for (const [, bucket] of buckets) expect(bucket.DeletionPolicy).toBe("Retain");
  });
});
