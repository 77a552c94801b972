// A stream bigger than a part written to the local S3 as it is read (uploadStream: a multipart
// upload past 5 MB, as an export of many orders is), then downloaded through its link.
import { createHash, randomUUID } from "node:crypto";
import { createTestContext } from "@shop/local-cloud/testing";
import { expect, it } from "vitest";
import { presignedGet, uploadStream } from "./index.server.ts";

it("writes a 12 MB stream in parts, whole, its type kept, and its link downloads it", async () => {
  const { ctx } = await createTestContext();
  const chunk = (i: number) => new Uint8Array(1024 * 1024).fill(i % 251);
  const digest = createHash("sha256");
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 12) return controller.close();
      const bytes = chunk(sent++);
      digest.update(bytes);
      controller.enqueue(bytes);
    },
  });
  const commands: string[] = [];
  (await ctx.s3()).middlewareStack.add(
    (next, context) => async (args) => {
      commands.push(String(context.commandName));
      return next(args);
    },
    { step: "initialize", name: "recordCommands" },
  );
  const key = `exports/${randomUUID()}.csv`;
  const bucket = ctx.config.invoicesBucket;
  await uploadStream(ctx, { Bucket: bucket, Key: key, Body: body, ContentType: "text/csv" });
  // Parts of 5 MB: 5, 5 and 2.
  expect(commands).toEqual([
    "CreateMultipartUploadCommand",
    "UploadPartCommand",
    "UploadPartCommand",
    "UploadPartCommand",
    "CompleteMultipartUploadCommand",
  ]);

  const url = await presignedGet(ctx, {
    bucket,
    key,
    contentDisposition: 'attachment; filename="big.csv"',
    expiresInSeconds: 60,
  });
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/csv");
  expect(res.headers.get("content-disposition")).toBe('attachment; filename="big.csv"');
  const got = new Uint8Array(await res.arrayBuffer());
  expect(got.length).toBe(12 * 1024 * 1024);
  expect(createHash("sha256").update(got).digest("hex")).toBe(digest.digest("hex"));
});
