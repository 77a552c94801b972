import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEV_SERVER_CONNECT, documentCsp, inlineScriptHashes } from "./security-headers.ts";

const directive = (csp: string, name: string) =>
  csp
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.split(" ")
    .slice(1);

describe("a page's Content-Security-Policy", () => {
  it("connects to its own origin only, and to Vite's hot-reload socket only in development", () => {
    expect(
      directive(documentCsp({ scripts: { nonce: "n" }, stripe: false }), "connect-src"),
    ).toEqual(["'self'"]);
    expect(
      directive(
        documentCsp({ scripts: { nonce: "n" }, stripe: false, devServer: true }),
        "connect-src",
      ),
    ).toEqual(["'self'", ...DEV_SERVER_CONNECT]);
  });

  it("lets forms lead to the shop only, and to the origins a page's form redirects to (the export's S3)", () => {
    expect(
      directive(documentCsp({ scripts: { nonce: "n" }, stripe: false }), "form-action"),
    ).toEqual(["'self'"]);
    const s3 = "https://shop-invoices.s3.eu-west-1.amazonaws.com";
    expect(
      directive(
        documentCsp({ scripts: { nonce: "n" }, stripe: false, formTargets: [s3] }),
        "form-action",
      ),
    ).toEqual(["'self'", s3]);
  });
});

describe("the images bucket's endpoint", () => {
  it("is a connect-src of a page (the product form POSTs photos to it), and no other source", () => {
    const csp = documentCsp({
      scripts: { nonce: "n" },
      stripe: false,
      uploadOrigin: "https://shop-images.s3.eu-west-1.amazonaws.com",
    });
    expect(directive(csp, "connect-src")).toEqual([
      "'self'",
      "https://shop-images.s3.eu-west-1.amazonaws.com",
    ]);
    expect(directive(csp, "form-action")).toEqual(["'self'"]);
  });
});

describe("inlineScriptHashes", () => {
  it("hashes each inline script that runs, once, and skips external scripts and data blocks", () => {
    const html = [
      "<script>window.a=1</script>",
      '<script type="module" async="">import "/assets/x.js";</script>',
      '<script src="/assets/y.js"></script>',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      "<script>window.a=1</script>",
    ].join("");
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(inlineScriptHashes(html)).toEqual([sha("window.a=1"), sha('import "/assets/x.js";')]);
  });

  it("puts the hashes, not a nonce, in script-src", () => {
    const csp = documentCsp({ scripts: { hashes: ["'sha256-abc='"] }, stripe: false });
    expect(directive(csp, "script-src")).toEqual(["'self'", "'sha256-abc='"]);
  });
});
