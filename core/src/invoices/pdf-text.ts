// The texts drawn on an invoice's pages, for tests (unit and end-to-end): pdf-lib deflates each
// content stream and writes texts as hex strings ("<…> Tj"). Node only (node:zlib).
import { inflateSync } from "node:zlib";

export function drawnTexts(pdf: Uint8Array): string[] {
  const file = Buffer.from(pdf);
  const streams: string[] = [];
  let at = 0;
  for (;;) {
    const start = file.indexOf("stream\n", at);
    if (start < 0) break;
    const end = file.indexOf("\nendstream", start);
    try {
      streams.push(inflateSync(file.subarray(start + 7, end)).toString("latin1"));
    } catch {
      // not a deflated stream (fonts, metadata)
    }
    at = end + 10;
  }
  const raw = streams.join("\n");
  return [...raw.matchAll(/<([0-9A-Fa-f]+)> Tj/g)].map((m) =>
    Buffer.from(m[1] ?? "", "hex")
      .toString("latin1")
      .replace("\x80", "€"),
  );
}
