// Storage (browser-safe rules): where the links to the shop's objects point. The objects
// themselves are read and written through ./index.server.ts.

/**
 * The origin of an object's links (presignedGet) in `bucket`: the local S3's endpoint, or on AWS
 * the bucket's virtual-hosted name in its region, as the SDK writes it for a bucket name that is
 * a DNS label (the stacks' are). A page whose form leads to such a link allows it (CSP form-action).
 */
export function objectLinkOrigin(config: {
  region: string;
  s3Endpoint?: string | undefined;
  bucket: string;
}): string {
  if (config.s3Endpoint) return new URL(config.s3Endpoint).origin;
  return `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
}
