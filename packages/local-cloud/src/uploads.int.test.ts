// The local cloud's S3 notifications as `npm start` wires them: an object created under
// products/ of the images bucket reaches the image-variants function's own handler (the file
// Lambda runs), with the filter S3 applies on AWS; variants it writes (under variants/) and other
// events reach nobody.
import { randomUUID } from "node:crypto";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { unitsOfEach } from "@shop/core/inventory";
import { createProduct, getProductById } from "@shop/core/server/catalog";
import sharp from "sharp";
import { beforeAll, expect, it } from "vitest";
import { localUploadHandlers } from "./functions.ts";
import { createTestContext, type TestContext } from "./testing.ts";

let test: TestContext;
beforeAll(async () => {
  test = await createTestContext();
  // The handler builds its context from the environment, like a Lambda or `npm start`.
  Object.assign(process.env, test.env);
});

const record = (eventName: string, key: string) => ({
  eventName,
  s3: { bucket: { name: test.ctx.config.imagesBucket }, object: { key } },
});

it("hands an upload under products/ to the image-variants handler, and nothing else", async () => {
  const id = randomUUID();
  const key = `products/${id}/${randomUUID()}.png`;
  const photo = await sharp({
    create: { width: 500, height: 625, channels: 3, background: { r: 180, g: 90, b: 40 } },
  })
    .png()
    .toBuffer();
  await (await test.ctx.s3()).send(
    new PutObjectCommand({ Bucket: test.ctx.config.imagesBucket, Key: key, Body: photo }),
  );
  await createProduct(
    test.ctx,
    {
      slug: `upload-${id}`,
      name: "Upload Test Tee",
      category: "Men",
      priceCents: 1500,
      description: "",
      sizes: ["S"],
      images: [{ key, alt: "" }],
      stock: unitsOfEach(["S"], 1),
    },
    { id },
  );
  const deliver = await localUploadHandlers();
  // A removal and a variant (outside the prefix) are not the function's.
  await deliver({
    Records: [
      record("ObjectRemoved:Delete", key),
      record("ObjectCreated:Put", `variants/${id}/x-320w.webp`),
    ],
  });
  expect((await getProductById(test.ctx, id))?.images[0]?.sources).toBeUndefined();

  await deliver({ Records: [record("ObjectCreated:Put", key)] });
  const sources = (await getProductById(test.ctx, id))?.images[0]?.sources;
  expect(sources).toMatchObject({ width: 500, height: 625 });
  expect(sources?.webp).toMatch(/-320w\.webp 320w$/);
});
