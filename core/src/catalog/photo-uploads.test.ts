// The presigned POST of an admin's photo (docs/decisions/031-direct-photo-uploads.md): what its
// policy lets S3 take, the key the server chooses, and the token that ties an upload to its
// product. Offline: presigning is signing, no request is sent.
import { randomUUID } from "node:crypto";
import { S3Client } from "@aws-sdk/client-s3";
import { describe, expect, it } from "vitest";
import { isDomainError } from "../common/errors.ts";
import { type Context, loadConfig } from "../context/index.server.ts";
import { IMAGE_MAX_BYTES } from "./images.ts";
import {
  photoUploadOrigin,
  presignProductPhoto,
  UPLOAD_EXPIRES_SECONDS,
  uploadIssuedFor,
} from "./photo-uploads.server.ts";
import { parseImageRef } from "./product-form.ts";

/** A context whose S3 client signs with fixed credentials (on AWS, or against a local S3). */
function contextFor(env: Record<string, string> = {}): Context {
  const config = loadConfig({ IMAGES_BUCKET: "shop-images", AWS_REGION: "eu-west-1", ...env });
  const client = new S3Client({
    region: config.region,
    credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret" },
    ...(config.s3Endpoint ? { endpoint: config.s3Endpoint, forcePathStyle: true } : {}),
  });
  return { config, s3: async () => client } as unknown as Context;
}

const policyOf = (fields: Record<string, string>) =>
  JSON.parse(Buffer.from(fields.Policy ?? "", "base64").toString("utf8")) as {
    expiration: string;
    conditions: unknown[];
  };

const PRODUCT = "0b0f6b2e-2f5e-4a8e-9a44-0d6c7f1c2a10";

describe("presignProductPhoto", () => {
  it("lets S3 take one photo of the declared type, 1 byte to 20 MB, at the server's key, for minutes", async () => {
    const before = Date.now();
    const upload = await presignProductPhoto(contextFor(), PRODUCT, "image/png");
    const { expiration, conditions } = policyOf(upload.fields);
    expect(IMAGE_MAX_BYTES).toBeGreaterThanOrEqual(20 * 1024 * 1024);
    expect(conditions).toEqual(
      expect.arrayContaining([
        { bucket: "shop-images" },
        { key: upload.key },
        ["eq", "$Content-Type", "image/png"],
        ["content-length-range", 1, IMAGE_MAX_BYTES],
      ]),
    );
    // Nothing else may be left open: every condition is exact but the size range.
    for (const condition of conditions) {
      if (Array.isArray(condition)) expect(["eq", "content-length-range"]).toContain(condition[0]);
    }
    expect(upload.fields).toMatchObject({ key: upload.key, "Content-Type": "image/png" });
    const expires = Date.parse(expiration) - before;
    expect(expires).toBeGreaterThan(60_000);
    expect(expires).toBeLessThanOrEqual(UPLOAD_EXPIRES_SECONDS * 1000 + 1000);
    expect(UPLOAD_EXPIRES_SECONDS).toBeLessThanOrEqual(30 * 60);
  });

  it("chooses a new random key under the product's folder, its extension the type's", async () => {
    const ctx = contextFor();
    const [a, b] = await Promise.all([
      presignProductPhoto(ctx, PRODUCT, "image/jpeg"),
      presignProductPhoto(ctx, PRODUCT, "image/jpeg"),
    ]);
    for (const upload of [a, b]) {
      expect(upload?.key).toMatch(new RegExp(`^products/${PRODUCT}/[0-9a-f-]{36}\\.jpg$`));
    }
    expect(a?.key).not.toBe(b?.key);
  });

  it("refuses a type that is not an accepted image, and an id that is not a product's", async () => {
    for (const [id, type] of [
      [PRODUCT, "image/svg+xml"],
      [PRODUCT, "text/html"],
      [PRODUCT, ""],
      ["../other", "image/png"],
      [`${PRODUCT}/x`, "image/png"],
    ] as const) {
      const error = await presignProductPhoto(contextFor(), id, type).catch((e: unknown) => e);
      expect(isDomainError(error) && error.field).toBe("images");
    }
  });

  it("posts to the bucket's endpoint: the origin the page's CSP allows (AWS and local)", async () => {
    for (const env of [{}, { S3_ENDPOINT: "http://127.0.0.1:4569" }] as Record<string, string>[]) {
      const ctx = contextFor(env);
      const { url } = await presignProductPhoto(ctx, PRODUCT, "image/webp");
      expect(new URL(url).origin).toBe(photoUploadOrigin(ctx.config));
    }
    expect(photoUploadOrigin(contextFor().config)).toBe(
      "https://shop-images.s3.eu-west-1.amazonaws.com",
    );
  });
});

describe("an upload's reference", () => {
  it("names the upload only for the product it was presigned for, with the server's token", async () => {
    const ctx = contextFor();
    const upload = await presignProductPhoto(ctx, PRODUCT, "image/gif");
    const ref = parseImageRef(upload.ref);
    if (ref?.kind !== "upload") throw new Error(`not an upload's reference: ${upload.ref}`);
    expect(ref.key).toBe(upload.key);
    expect(uploadIssuedFor(ctx, PRODUCT, ref)).toBe(true);
    // Another product's id, another key in this product's folder, a forged token.
    expect(uploadIssuedFor(ctx, randomUUID(), ref)).toBe(false);
    expect(
      uploadIssuedFor(ctx, PRODUCT, { ...ref, key: `products/${PRODUCT}/${randomUUID()}.gif` }),
    ).toBe(false);
    expect(uploadIssuedFor(ctx, PRODUCT, { ...ref, token: "A".repeat(43) })).toBe(false);
    // Another server (another secret) gave no token for it.
    const other = contextFor({ SESSION_SECRET: "another secret of thirty-two characters!" });
    expect(uploadIssuedFor(other, PRODUCT, ref)).toBe(false);
  });

  it("is parsed only as a key under products/ with a token of the right shape", () => {
    const token = "a".repeat(43);
    expect(parseImageRef(`upload:products/${PRODUCT}/x.png:${token}`)).toEqual({
      kind: "upload",
      key: `products/${PRODUCT}/x.png`,
      token,
    });
    for (const text of [
      `upload:variants/${PRODUCT}/x.png:${token}`,
      `upload:products/../x.png:${token}`,
      `upload:products/${PRODUCT}/x.png:short`,
      `upload:products/${PRODUCT}/x.png`,
    ]) {
      expect(parseImageRef(text)).toBeNull();
    }
  });
});
