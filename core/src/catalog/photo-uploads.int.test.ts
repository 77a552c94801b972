// An admin's photo sent straight to the images bucket with a presigned POST, against the local
// cloud (DynamoDB Local, and the local S3 checking the POST's policy as S3 does:
// docs/decisions/031-direct-photo-uploads.md): a 12 MB photo is taken by S3 and recorded with the
// product; S3 refuses one over the limit or of another type than its policy's; the form refuses
// an upload outside the product's folder, never uploaded, or not the image its key says.
import { randomUUID } from "node:crypto";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { photoOfAtLeast } from "@shop/local-cloud/photos";
import { createTestContext, type TestContext } from "@shop/local-cloud/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { NOT_AN_IMAGE, PHOTO_NOT_UPLOADED } from "./images.ts";
import { type PhotoUpload, presignProductPhoto } from "./photo-uploads.server.ts";
import { submitProductForm, UNKNOWN_IMAGE } from "./product-form.server.ts";
import { getProductById } from "./products.server.ts";

const MB = 1024 * 1024;
let test: TestContext;
beforeAll(async () => {
  test = await createTestContext();
});

/** The browser's POST of `file` to the bucket with the presigned fields (`change` edits them). */
async function post(
  upload: PhotoUpload,
  file: Uint8Array,
  change: (fields: Record<string, string>) => Record<string, string> = (f) => f,
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(change({ ...upload.fields })))
    body.append(name, value);
  body.append("file", new Blob([Buffer.from(file)]));
  const res = await fetch(upload.url, {
    method: "POST",
    body,
    headers: { Origin: "http://localhost:3000" },
  });
  const text = await res.text();
  return { status: res.status, code: /<Code>([^<]*)<\/Code>/.exec(text)?.[1], res };
}

async function exists(key: string): Promise<boolean> {
  try {
    await (await test.ctx.s3()).send(
      new HeadObjectCommand({ Bucket: test.ctx.config.imagesBucket, Key: key }),
    );
    return true;
  } catch {
    return false;
  }
}

/** The product form as the page sends it once its photos are uploaded. */
function formWith(refs: string[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: "Phone Photo Shirt",
    category: "Men",
    price: "39",
    description: "Photographed with a phone.",
    sizeScale: "adult",
    sizes: "M",
    colours: "navy",
    intent: "save",
  })) {
    form.append(name, value);
  }
  for (const ref of refs) {
    form.append("imageRef", ref);
    form.append("imageAlt", "");
    form.append("imageColour", "0");
  }
  return form;
}

describe("a photo sent with a presigned POST", () => {
  it("of 12 MB is taken by S3 (from the site's pages) and recorded with the product", async () => {
    const id = randomUUID();
    const upload = await presignProductPhoto(test.ctx, id, "image/png");
    const sent = await post(upload, await photoOfAtLeast(12 * MB));
    expect(sent.status).toBe(204);
    expect(sent.res.headers.get("access-control-allow-origin")).toBe("http://localhost:3000");
    const result = await submitProductForm(test.ctx, null, id, formWith([upload.ref]), []);
    expect(result).toMatchObject({ outcome: "saved", created: true });
    expect((await getProductById(test.ctx, id))?.images.map((image) => image.key)).toEqual([
      upload.key,
    ]);
  });

  it("is refused by S3 over 20 MB (EntityTooLarge) or of another type than its policy's (AccessDenied)", async () => {
    const id = randomUUID();
    const large = await presignProductPhoto(test.ctx, id, "image/png");
    expect(await post(large, await photoOfAtLeast(21 * MB))).toMatchObject({
      status: 400,
      code: "EntityTooLarge",
    });
    const retyped = await presignProductPhoto(test.ctx, id, "image/png");
    const photo = await photoOfAtLeast(1000);
    expect(
      await post(retyped, photo, (fields) => ({ ...fields, "Content-Type": "text/html" })),
    ).toMatchObject({ status: 403, code: "AccessDenied" });
    // Another key than the one signed for.
    expect(
      await post(retyped, photo, (fields) => ({ ...fields, key: `products/${id}/mine.png` })),
    ).toMatchObject({ status: 403, code: "AccessDenied" });
    expect(await exists(large.key)).toBe(false);
    expect(await exists(retyped.key)).toBe(false);
    expect(await exists(`products/${id}/mine.png`)).toBe(false);
  });
});

describe("the product form", () => {
  it("refuses with a 4xx an upload of another product, a key the server never signed, and one never sent", async () => {
    const id = randomUUID();
    const photo = await photoOfAtLeast(1000);
    const others = await presignProductPhoto(test.ctx, randomUUID(), "image/png");
    expect((await post(others, photo)).status).toBe(204);
    const unsent = await presignProductPhoto(test.ctx, id, "image/png");
    const token = unsent.ref.slice(unsent.ref.lastIndexOf(":") + 1);
    for (const [ref, message] of [
      [others.ref, UNKNOWN_IMAGE],
      [`upload:products/${id}/${randomUUID()}.png:${token}`, UNKNOWN_IMAGE],
      [`key:${others.key}`, UNKNOWN_IMAGE],
      [unsent.ref, PHOTO_NOT_UPLOADED],
    ] as const) {
      const result = await submitProductForm(test.ctx, null, id, formWith([ref]), []);
      expect(result).toMatchObject({ outcome: "refused", fieldErrors: { images: message } });
      expect(result.outcome === "refused" && result.status).toBeGreaterThanOrEqual(400);
      expect(result.outcome === "refused" && result.status).toBeLessThan(500);
    }
    expect(await getProductById(test.ctx, id)).toBeNull();
  });

  it("refuses an upload whose bytes are not the image its type says, and deletes it", async () => {
    const id = randomUUID();
    const upload = await presignProductPhoto(test.ctx, id, "image/png");
    // The policy holds the declared type, not the bytes: S3 takes it.
    expect(
      (await post(upload, Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).status,
    ).toBe(204);
    const result = await submitProductForm(test.ctx, null, id, formWith([upload.ref]), []);
    expect(result).toMatchObject({
      outcome: "refused",
      status: 400,
      fieldErrors: { images: `The file ${NOT_AN_IMAGE}` },
    });
    expect(await exists(upload.key)).toBe(false);
  });
});
