// S3's browser uploads (POST Object with a presigned policy: the admin's photos,
// docs/decisions/031-direct-photo-uploads.md) as S3 checks them. s3rver stores whatever a POST
// carries and ignores its policy, so a photo too large or of another type than the policy says
// would pass here and fail on AWS. This check runs in front of s3rver's own handling of a POST to
// a bucket: the signature (SigV4 over the policy), the expiry, every condition (eq, starts-with,
// content-length-range), no field the policy does not name; a refusal is S3's answer
// (403 AccessDenied "Invalid according to Policy: …", 400 EntityTooLarge, 403
// SignatureDoesNotMatch). The deploy rehearsal's S3 stand-in calls it too.
// The buckets also get a CORS rule letting the local site's pages POST to them (browserUploads).
import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import type S3rver from "s3rver";

/** The CORS rule of a bucket the local site's pages POST to (any port of this machine's site). */
export const LOCAL_UPLOAD_ORIGINS = ["http://localhost:*", "http://127.0.0.1:*"] as const;

/** s3rver's bucket configuration (its `configs`) allowing those origins to POST. */
export function browserUploadsCors(origins: readonly string[] = LOCAL_UPLOAD_ORIGINS): string {
  const allowed = origins.map((origin) => `<AllowedOrigin>${origin}</AllowedOrigin>`).join("");
  return `<CORSConfiguration><CORSRule>${allowed}<AllowedMethod>POST</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

export interface PostPolicyOptions {
  /** The secret key of an access key id (s3rver's own pair locally; each role's in the rehearsal). */
  secretOf(accessKeyId: string): string | undefined;
  /** Origins whose pages may read the answer (a refusal carries the CORS header as S3's does). */
  allowsOrigin?(origin: string): boolean;
  /** The time the expiry is checked against (tests). */
  now?: () => Date;
}

/** What S3 answers to a POST that fails its policy. */
export interface PostRefusal {
  status: 400 | 403;
  code: string;
  message: string;
}

type Condition = ["eq" | "starts-with", string, string] | ["content-length-range", number, number];

/** Form fields S3 does not look for in the policy's conditions. */
const UNCHECKED = new Set(["file", "policy", "x-amz-signature", "awsaccesskeyid", "signature"]);

/**
 * Checks a browser upload to `bucket` (its form fields in order, the file last) as S3 does:
 * null when S3 would store it, else S3's refusal.
 */
export function checkPostPolicy(
  bucket: string,
  form: FormData,
  options: PostPolicyOptions,
): PostRefusal | null {
  const fields = new Map<string, string>();
  let fileSize: number | null = null;
  for (const [name, value] of form.entries()) {
    const lower = name.toLowerCase();
    if (lower === "file") {
      fileSize = typeof value === "string" ? Buffer.byteLength(value) : value.size;
      break; // S3 ignores what follows the file.
    }
    if (typeof value === "string" && !fields.has(lower)) fields.set(lower, value);
  }
  const denied = (message: string): PostRefusal => ({ status: 403, code: "AccessDenied", message });
  if (fileSize === null) {
    return {
      status: 400,
      code: "InvalidArgument",
      message: "POST requires exactly one file upload per request.",
    };
  }
  const policyText = fields.get("policy");
  if (!policyText) return denied("Access Denied");

  // The signature: SigV4's signing key of the credential's scope, over the policy as sent.
  const credential = fields.get("x-amz-credential") ?? "";
  const [accessKeyId = "", date = "", region = "", service = "", terminal = ""] =
    credential.split("/");
  const secret = options.secretOf(accessKeyId);
  if (fields.get("x-amz-algorithm") !== "AWS4-HMAC-SHA256" || terminal !== "aws4_request") {
    return denied("Invalid according to Policy: the request is not signed with AWS4-HMAC-SHA256");
  }
  if (!secret) {
    return {
      status: 403,
      code: "InvalidAccessKeyId",
      message: "The AWS Access Key Id you provided does not exist in our records.",
    };
  }
  const hmac = (key: string | Buffer, data: string) =>
    createHmac("sha256", key).update(data).digest();
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), "aws4_request");
  const expected = Buffer.from(hmac(signingKey, policyText).toString("hex"));
  const given = Buffer.from(fields.get("x-amz-signature") ?? "");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return {
      status: 403,
      code: "SignatureDoesNotMatch",
      message:
        "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
    };
  }

  let policy: { expiration?: string; conditions?: unknown[] };
  try {
    policy = JSON.parse(Buffer.from(policyText, "base64").toString("utf8"));
  } catch {
    return { status: 400, code: "InvalidPolicyDocument", message: "Invalid Policy: Invalid JSON." };
  }
  const expiration = Date.parse(policy.expiration ?? "");
  if (Number.isNaN(expiration)) {
    return {
      status: 400,
      code: "InvalidPolicyDocument",
      message: "Invalid Policy: Policy missing expiration.",
    };
  }
  if (expiration <= (options.now?.() ?? new Date()).getTime()) {
    return denied("Invalid according to Policy: Policy expired.");
  }

  // Each condition, in either of S3's spellings ({"field": "value"} or [op, "$field", value]).
  const conditions: Condition[] = (policy.conditions ?? []).flatMap((condition): Condition[] => {
    if (Array.isArray(condition)) return [condition as Condition];
    if (condition && typeof condition === "object") {
      return Object.entries(condition).map(([name, value]) => ["eq", `$${name}`, String(value)]);
    }
    return [];
  });
  const named = new Set<string>();
  const fieldValue = (name: string) =>
    name.toLowerCase() === "bucket" ? bucket : (fields.get(name.toLowerCase()) ?? "");
  for (const condition of conditions) {
    const [op, first, second] = condition;
    if (op === "content-length-range") {
      const [min, max] = [Number(first), Number(second)];
      if (fileSize > max) {
        return {
          status: 400,
          code: "EntityTooLarge",
          message: "Your proposed upload exceeds the maximum allowed size",
        };
      }
      if (fileSize < min) {
        return {
          status: 400,
          code: "EntityTooSmall",
          message: "Your proposed upload is smaller than the minimum allowed size",
        };
      }
      continue;
    }
    const name = String(first).replace(/^\$/, "");
    named.add(name.toLowerCase());
    const value = fieldValue(name);
    const holds =
      op === "eq" ? value === second : op === "starts-with" && value.startsWith(String(second));
    if (!holds) {
      return denied(
        `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`,
      );
    }
  }
  for (const name of fields.keys()) {
    if (UNCHECKED.has(name) || name.startsWith("x-ignore-") || named.has(name)) continue;
    return denied(`Invalid according to Policy: Extra input fields: ${name}`);
  }
  return null;
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A pattern of CORS's AllowedOrigin (one `*` at most) as a test. */
export function originMatcher(origins: readonly string[] = LOCAL_UPLOAD_ORIGINS) {
  const patterns = origins.map(
    (origin) =>
      new RegExp(
        `^${origin
          .split("*")
          .map((part) => part.replace(/[.?+^$()[\]{}|\\/]/g, "\\$&"))
          .join(".*")}$`,
      ),
  );
  return (origin: string) => patterns.some((pattern) => pattern.test(origin));
}

/**
 * Puts checkPostPolicy in front of s3rver's POST Object (path-style `/<bucket>` with a multipart
 * body). Call before `s3.run()`: s3rver composes its middleware when it starts listening.
 */
export function enforcePostPolicies(s3: S3rver, options: PostPolicyOptions): void {
  type Ctx = {
    method: string;
    path: string;
    querystring: string;
    req: IncomingMessage;
    status: number;
    body: unknown;
    get(name: string): string;
    set(name: string, value: string): void;
  };
  const middleware = async (ctx: Ctx, next: () => Promise<unknown>) => {
    const bucket = /^\/([^/]+)\/?$/.exec(ctx.path)?.[1];
    const type = ctx.get("content-type");
    if (
      ctx.method !== "POST" ||
      !bucket ||
      ctx.querystring ||
      !/^multipart\/form-data/i.test(type)
    ) {
      return next();
    }
    const chunks: Buffer[] = [];
    for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    let refusal: PostRefusal | null;
    try {
      const form = await new Request("http://s3.local/", {
        method: "POST",
        headers: { "content-type": type },
        body,
      }).formData();
      refusal = checkPostPolicy(decodeURIComponent(bucket), form, options);
    } catch {
      refusal = {
        status: 400,
        code: "MalformedPOSTRequest",
        message: "The body of your POST request is not well-formed multipart/form-data.",
      };
    }
    if (refusal) {
      const origin = ctx.get("origin");
      if (origin && options.allowsOrigin?.(origin)) {
        ctx.set("Access-Control-Allow-Origin", origin);
        ctx.set("Vary", "Origin");
      }
      ctx.status = refusal.status;
      ctx.set("Content-Type", "application/xml");
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${xmlEscape(refusal.message)}</Message></Error>`;
      return;
    }
    // s3rver reads the request's body again (its POST handler pipes it into its form parser):
    // the same bytes, from memory.
    const replay = Readable.from([body]);
    ctx.req.pipe = ((destination: NodeJS.WritableStream) =>
      replay.pipe(destination)) as IncomingMessage["pipe"];
    return next();
  };
  (s3 as unknown as { middleware: unknown[] }).middleware.unshift(middleware);
}
