// Where an object's link points (objectLinkOrigin), checked against the link the SDK itself signs
// for AWS (presigning is offline: no request is sent), so the export form's CSP allows exactly it.
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { describe, expect, it } from "vitest";
import { objectLinkOrigin } from "./index.ts";

const credentials = { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "example" };

describe("objectLinkOrigin", () => {
  it.each([
    ["eu-west-1", "shop-prod-storage-invoicesbucket1a2b3c-abcdef123456"],
    ["us-east-1", "shop-dev-storage-invoicesbucket9z8y7x-0123456789ab"],
  ])("is the origin of the SDK's presigned link on AWS (%s)", async (region, bucket) => {
    const client = new S3Client({ region, credentials });
    const url = await getSignedUrl(
      client,
      new GetObjectCommand({ Bucket: bucket, Key: "exports/x.csv" }),
      { expiresIn: 60 },
    );
    expect(objectLinkOrigin({ region, bucket })).toBe(new URL(url).origin);
  });

  it("is the local S3's endpoint when there is one", () => {
    expect(
      objectLinkOrigin({
        region: "eu-west-1",
        s3Endpoint: "http://127.0.0.1:4569",
        bucket: "shop-invoices",
      }),
    ).toBe("http://127.0.0.1:4569");
  });
});
