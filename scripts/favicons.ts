// The shop's icons, written into web/public/ (committed; run again after changing the mark):
// `npx tsx scripts/favicons.ts`. One mark in the theme's colours (web/app/tailwind.css: the
// accent pine green, white): favicon.svg, favicon.ico (16, 32 and 48 px PNGs in an ICO
// container), apple-touch-icon.png (180 px, square: iOS rounds it itself), and the web app
// manifest's icons (192 and 512 px, and a maskable 512 px square).
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { REPO_ROOT } from "@shop/local-cloud";
import sharp from "sharp";

const PUBLIC = join(REPO_ROOT, "web", "public");
/** --color-accent-600 of the theme. */
const ACCENT = "#237157";
/** The "T" of Threadline on a 32-unit grid. */
const MARK = "M9 10h14v3h-5.5v11h-3V13H9z";

/** The mark on a rounded tile (browser tabs, bookmarks, the manifest's "any" icons). */
const tile = (title = true) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${title ? "<title>Threadline</title>" : ""}<rect width="32" height="32" rx="7" fill="${ACCENT}"/><path d="${MARK}" fill="#fff"/></svg>`;

/**
 * The mark on a full square: iOS and Android cut their own shape out of it. The mark stays within
 * the middle 80% circle, the safe zone of a maskable icon.
 */
const square = () =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${ACCENT}"/><path d="${MARK}" fill="#fff"/></svg>`;

const png = (svg: string, size: number) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();

/**
 * An ICO file holding PNG images (every browser since IE 9 reads them): a 6-byte header, one
 * 16-byte entry per image (width and height 0 meaning 256), then the images.
 */
export function icoFile(images: Array<{ size: number; data: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.data)]);
}

async function main() {
  const ico = await Promise.all(
    [16, 32, 48].map(async (size) => ({ size, data: await png(tile(false), size) })),
  );
  const files: Array<[string, string | Buffer]> = [
    ["favicon.svg", `${tile()}\n`],
    ["favicon.ico", icoFile(ico)],
    ["apple-touch-icon.png", await png(square(), 180)],
    ["icon-192.png", await png(tile(false), 192)],
    ["icon-512.png", await png(tile(false), 512)],
    ["icon-maskable-512.png", await png(square(), 512)],
  ];
  for (const [name, content] of files) {
    await writeFile(join(PUBLIC, name), content);
    console.log(`web/public/${name}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
