// The local S3 under an admin's photo replacement: the new photo's variants are written into the
// folder the old photo's are deleted from, at the same time. Without oneWriteAtATime, s3rver's
// write fails with ENOENT within the first few rounds, an error nothing handles: it crashes
// `npm start` or the rehearsal, and fails this run (vitest's "Unhandled Errors").
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { expect, it } from "vitest";
import { oneWriteAtATime } from "./s3-store.ts";

it("writes and deletes in one folder at once without losing either, or the process", async () => {
  const directory = await mkdtemp(join(tmpdir(), "s3-store-"));
  const s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: "images" }],
  });
  oneWriteAtATime(s3);
  const { port } = await s3.run();
  const client = new S3Client({
    region: "eu-west-1",
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const put = (Key: string) =>
    client.send(new PutObjectCommand({ Bucket: "images", Key, Body: Buffer.alloc(2_000, 7) }));
  try {
    for (let round = 0; round < 50; round++) {
      const folder = `variants/product-${round}`;
      await put(`${folder}/old-320w.webp`);
      await Promise.all([
        client.send(new DeleteObjectCommand({ Bucket: "images", Key: `${folder}/old-320w.webp` })),
        put(`${folder}/new-320w.webp`),
      ]);
      const { Contents } = await client.send(
        new ListObjectsV2Command({ Bucket: "images", Prefix: `${folder}/` }),
      );
      expect(Contents?.map((c) => c.Key)).toEqual([`${folder}/new-320w.webp`]);
      const { Body } = await client.send(
        new GetObjectCommand({ Bucket: "images", Key: `${folder}/new-320w.webp` }),
      );
      expect((await Body?.transformToByteArray())?.length).toBe(2_000);
    }
  } finally {
    client.destroy();
    await s3.close();
    await rm(directory, { recursive: true, force: true });
  }
});
