import { describe, expect, it } from "vitest";
import { scriptAssets } from "./bench-js.ts";

describe("scriptAssets (the JavaScript a page's HTML makes the browser load)", () => {
  it("finds modulepreload links, module script sources and the inline module's imports", () => {
    const html = `
      <link rel="modulepreload" href="/assets/manifest-1.js"/>
      <link rel="stylesheet" href="/assets/tailwind.css"/>
      <script>window.__remixContext = {"x": "import 'nope.js'"};</script>
      <script type="module" async="">import "/assets/manifest-1.js";
      import * as route0 from "/assets/root-3.js";
      import("/assets/entry.client-2.js");</script>
      <script type="module" src="/assets/extra-4.js"></script>
      <script type="module" src="https://cdn.example.com/x.js"></script>`;
    expect(scriptAssets(html).sort()).toEqual([
      "/assets/entry.client-2.js",
      "/assets/extra-4.js",
      "/assets/manifest-1.js",
      "/assets/root-3.js",
    ]);
  });

  it("finds nothing in a page without scripts", () => {
    expect(scriptAssets("<html><body>Hi</body></html>")).toEqual([]);
  });
});
