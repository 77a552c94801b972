// The local S3 under an admin's photo replacement: the new photo's variants are written into the
// folder the old photo's are deleted from, at the same time. Both places that start a local S3
// run it: the local cloud (`npm start`, the tests' global setup) and the deploy rehearsal's
// stand-ins (packages/rehearsal/src/stand-ins.ts). Without startLocalS3's one write at a time,
// s3rver's write fails with ENOENT within the first few rounds, an error nothing handles: it
// crashes `npm start` or the rehearsal, and fails this run (vitest's "Unhandled Errors").
import { randomBytes, randomUUID } from "node:crypto";
import { statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { allVariantKeys } from "@shop/core/catalog";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startStandIns } from "../../rehearsal/src/stand-ins.ts";
import { startLocalS3 } from "./s3-store.ts";

const client = (endpoint: string) =>
  new S3Client({
    region: "eu-west-1",
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });

/**
 * Replaces a product's photo 25 times: each time the old photo's variants are deleted while the
 * new photo's are written into the same folder (variants/<product id>/), as the image-variants
 * function and the admin's save do; afterwards only the new variants are there, whole.
 */
async function replacePhotosWhileVariantsAreWritten(s3: S3Client, bucket: string) {
  const productId = randomUUID();
  const body = Buffer.alloc(2_000, 7);
  const put = (Key: string) => s3.send(new PutObjectCommand({ Bucket: bucket, Key, Body: body }));
  let old = allVariantKeys(`products/${productId}/${randomUUID()}.jpg`);
  await Promise.all(old.map(put));
  for (let round = 0; round < 25; round++) {
    const next = allVariantKeys(`products/${productId}/${randomUUID()}.jpg`);
    await Promise.all([
      ...old.map((Key) => s3.send(new DeleteObjectCommand({ Bucket: bucket, Key }))),
      ...next.map(put),
    ]);
    const { Contents } = await s3.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: `variants/${productId}/` }),
    );
    expect(Contents?.map((c) => c.Key).sort()).toEqual([...next].sort());
    const { Body } = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: next[0] }));
    expect((await Body?.transformToByteArray())?.length).toBe(body.length);
    old = next;
  }
}

describe("the local cloud's S3 (npm start, the tests)", () => {
  it("replaces a photo while its variants are written, losing neither nor the process", async () => {
    const { env } = inject("cloud");
    const s3 = client(env.S3_ENDPOINT ?? "");
    try {
      await replacePhotosWhileVariantsAreWritten(s3, env.IMAGES_BUCKET ?? "");
    } finally {
      s3.destroy();
    }
  });
});

describe("the deploy rehearsal's S3 stand-in", () => {
  let dir = "";
  let standIns: Awaited<ReturnType<typeof startStandIns>>;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "s3-store-rehearsal-"));
    standIns = await startStandIns(dir, () => {});
  });
  afterAll(async () => {
    await standIns?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("replaces a photo while its variants are written, losing neither nor the process", async () => {
    const s3 = client(standIns.s3);
    try {
      // The rehearsal's deploy creates the stage's buckets (deploy.ts).
      await s3.send(new CreateBucketCommand({ Bucket: "rehearsal-imagesbucket" }));
      await replacePhotosWhileVariantsAreWritten(s3, "rehearsal-imagesbucket");
    } finally {
      s3.destroy();
    }
  });
});

describe("startLocalS3", () => {
  it("notifies an upload only once it is whole on disk, a large photo put or POSTed alike", async () => {
    const directory = await mkdtemp(join(tmpdir(), "s3-whole-"));
    const s3 = await startLocalS3({ directory, buckets: ["images"] });
    const s3Client = client(s3.endpoint);
    // What a notified function would find, read the moment the notification comes.
    const found: number[] = [];
    s3.server.on("event", (event) => {
      for (const record of event.Records) {
        const path = s3.server.store.getResourcePath("images", record.s3.object.key, "object");
        found.push(statSync(path).size);
      }
    });
    try {
      const photo = randomBytes(12 * 1024 * 1024);
      await s3Client.send(
        new PutObjectCommand({ Bucket: "images", Key: "products/p/big.png", Body: photo }),
      );
      const form = new FormData();
      form.set("key", "products/p/posted.png");
      form.set("file", new Blob([photo]), "posted.png");
      const posted = await fetch(`${s3.endpoint}/images`, { method: "POST", body: form });
      expect(posted.status).toBe(204);
      await expect.poll(() => found.length).toBe(2);
      expect(found).toEqual([photo.length, photo.length]);
    } finally {
      s3Client.destroy();
      await s3.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
