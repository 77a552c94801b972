// The local S3's check of a browser upload's policy, as S3 checks it (./s3-post-policy.ts): a
// POST signed by the SDK's createPresignedPost passes; past its expiry, with another signer's
// signature, a field the policy does not name, or a file past its size, it fails as on AWS.
import { S3Client } from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { describe, expect, it } from "vitest";
import { checkPostPolicy } from "./s3-post-policy.ts";

const client = new S3Client({
  region: "eu-west-1",
  credentials: { accessKeyId: "AKIDSITE", secretAccessKey: "site-secret" },
});
const options = { secretOf: (id: string) => (id === "AKIDSITE" ? "site-secret" : undefined) };

async function upload(
  fileBytes: number,
  change: (fields: Record<string, string>) => void = () => {},
) {
  const { fields } = await createPresignedPost(client, {
    Bucket: "images",
    Key: "products/p/1.png",
    Conditions: [
      ["eq", "$Content-Type", "image/png"],
      ["content-length-range", 1, 1000],
    ],
    Fields: { "Content-Type": "image/png" },
    Expires: 600,
  });
  change(fields);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", new Blob([new Uint8Array(fileBytes)]));
  return form;
}

describe("checkPostPolicy", () => {
  it("passes a POST as presigned", async () => {
    expect(checkPostPolicy("images", await upload(1000), options)).toBeNull();
  });

  it("refuses it past the size range, in another bucket, with another type or key", async () => {
    expect(checkPostPolicy("images", await upload(1001), options)).toMatchObject({
      status: 400,
      code: "EntityTooLarge",
    });
    expect(checkPostPolicy("other", await upload(10), options)?.code).toBe("AccessDenied");
    for (const change of [
      (f: Record<string, string>) => {
        f["Content-Type"] = "image/svg+xml";
      },
      (f: Record<string, string>) => {
        f.key = "products/q/1.png";
      },
      (f: Record<string, string>) => {
        f.acl = "public-read"; // a field the policy does not name
      },
    ]) {
      expect(checkPostPolicy("images", await upload(10, change), options)).toMatchObject({
        status: 403,
        code: "AccessDenied",
      });
    }
  });

  it("refuses it once expired, or signed with another secret", async () => {
    const later = { ...options, now: () => new Date(Date.now() + 601_000) };
    expect(checkPostPolicy("images", await upload(10), later)).toMatchObject({
      code: "AccessDenied",
      message: "Invalid according to Policy: Policy expired.",
    });
    const otherSecret = { secretOf: () => "another-secret" };
    expect(checkPostPolicy("images", await upload(10), otherSecret)?.code).toBe(
      "SignatureDoesNotMatch",
    );
  });
});
