import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "@shop/local-cloud";
import { describe, expect, it } from "vitest";
import { icoFile } from "./favicons.ts";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The images an ICO file holds, read back from its directory. */
function readIco(file: Buffer) {
  expect(file.readUInt16LE(0)).toBe(0);
  expect(file.readUInt16LE(2)).toBe(1);
  return Array.from({ length: file.readUInt16LE(4) }, (_, i) => {
    const at = 6 + 16 * i;
    const length = file.readUInt32LE(at + 8);
    const offset = file.readUInt32LE(at + 12);
    return {
      width: file.readUInt8(at) || 256,
      height: file.readUInt8(at + 1) || 256,
      bits: file.readUInt16LE(at + 6),
      data: file.subarray(offset, offset + length),
    };
  });
}

describe("icoFile", () => {
  it("writes a directory entry per image, pointing at its bytes", () => {
    const a = Buffer.from("first image");
    const b = Buffer.from("second, longer image");
    const images = readIco(
      icoFile([
        { size: 16, data: a },
        { size: 256, data: b },
      ]),
    );
    expect(images.map(({ width, height, bits }) => [width, height, bits])).toEqual([
      [16, 16, 32],
      [256, 256, 32],
    ]);
    expect(images[0]?.data.equals(a)).toBe(true);
    expect(images[1]?.data.equals(b)).toBe(true);
  });
});

describe("the committed web/public/favicon.ico", () => {
  it("holds the 16, 32 and 48 px icons as PNG images", () => {
    const images = readIco(readFileSync(join(REPO_ROOT, "web", "public", "favicon.ico")));
    expect(images.map((image) => image.width)).toEqual([16, 32, 48]);
    for (const image of images) {
      expect(image.data.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      // The PNG's own header (IHDR) says the same size as the directory.
      expect(image.data.readUInt32BE(16)).toBe(image.width);
      expect(image.data.readUInt32BE(20)).toBe(image.height);
    }
  });
});
