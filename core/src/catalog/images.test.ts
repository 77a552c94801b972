import { describe, expect, it } from "vitest";
import { detectImageType } from "./images.ts";

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part,
    ),
  );

describe("detectImageType (by magic bytes)", () => {
  it.each([
    ["JPEG", bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF"), "image/jpeg", "jpg"],
    [
      "PNG",
      bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], "IHDR"),
      "image/png",
      "png",
    ],
    ["GIF89a", bytes("GIF89a", [1, 0, 1, 0]), "image/gif", "gif"],
    ["GIF87a", bytes("GIF87a", [1, 0, 1, 0]), "image/gif", "gif"],
    ["WebP", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "), "image/webp", "webp"],
    [
      "AVIF",
      bytes([0, 0, 0, 0x1c], "ftypavif", [0, 0, 0, 0], "avifmif1miaf"),
      "image/avif",
      "avif",
    ],
    [
      "AVIF (compatible brand)",
      bytes([0, 0, 0, 0x18], "ftypmif1", [0, 0, 0, 0], "avifmiaf"),
      "image/avif",
      "avif",
    ],
  ])("recognises %s", (_, data, mime, extension) => {
    expect(detectImageType(data)).toEqual({ mime, extension });
  });

  it.each([
    ["SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ["SVG with an XML prolog", bytes('<?xml version="1.0"?><svg></svg>')],
    ["HTML", bytes("<!doctype html><script>alert(1)</script>")],
    ["a PDF", bytes("%PDF-1.7\n")],
    [
      "an MP4 video (ftyp but not AVIF)",
      bytes([0, 0, 0, 0x18], "ftypisom", [0, 0, 0, 0], "isomiso2"),
    ],
    ["a RIFF that is not WebP (WAV)", bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt ")],
    ["a truncated PNG signature", bytes([0x89], "PNG")],
    ["nothing", new Uint8Array()],
  ])("refuses %s", (_, data) => {
    expect(detectImageType(data)).toBeNull();
  });
});
