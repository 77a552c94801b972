// The JavaScript a page loads: its <script type="module"> sources and imports and its
// modulepreload links, read from the page's HTML, each gzipped from the built client files.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** Asset paths ("/assets/x.js") the HTML makes the browser load as JavaScript. */
export function scriptAssets(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(match[0])?.[1];
    if (href) found.add(href);
  }
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attributes = "", body = ""] = match;
    if (!/\btype="module"/.test(attributes)) continue;
    const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1];
    if (src) found.add(src);
    for (const imported of body.matchAll(
      /\bimport\s*(?:\(\s*|[^"'()]*\bfrom\s*)?["']([^"']+\.js)["']/g,
    )) {
      if (imported[1]) found.add(imported[1]);
    }
  }
  return [...found].filter((path) => path.startsWith("/") && !path.startsWith("//"));
}

/** Total gzip size in bytes of the page's JavaScript, from `clientDir` (web/build/client). */
export async function pageJsGzipBytes(html: string, clientDir: string): Promise<number> {
  let total = 0;
  for (const path of scriptAssets(html)) {
    const file = await readFile(join(clientDir, path.split("?")[0] ?? path));
    total += gzipSync(file, { level: 9 }).length;
  }
  return total;
}
