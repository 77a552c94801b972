// Product image files (the admin's uploads): only real raster images, recognised by their first
// bytes, never by the name or the type the browser claims. SVG is refused (it can carry script).

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_SIZE_TEXT = "5 MB";
/** What the file picker offers (the server checks the bytes anyway). */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";
export const NOT_AN_IMAGE = "must be a JPEG, PNG, WebP, GIF or AVIF image";
export const IMAGE_TOO_LARGE = `Each image must be at most ${IMAGE_MAX_SIZE_TEXT}`;

export interface ImageType {
  mime: "image/jpeg" | "image/png" | "image/webp" | "image/gif" | "image/avif";
  extension: "jpg" | "png" | "webp" | "gif" | "avif";
}

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

/** The raster format these bytes are in, by their magic numbers; anything else → null. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: "image/jpeg", extension: "jpg" };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { mime: "image/png", extension: "png" };
  }
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) {
    return { mime: "image/gif", extension: "gif" };
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") {
    return { mime: "image/webp", extension: "webp" };
  }
  // ISO-BMFF: [box size][ftyp][major brand][minor version][compatible brands…]
  if (bytes.length >= 16 && ascii(bytes, 4, 4) === "ftyp") {
    const boxSize = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
    const end = Math.min(bytes.length, Math.max(16, boxSize));
    const brands = [ascii(bytes, 8, 4)];
    for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, 4));
    if (brands.includes("avif") || brands.includes("avis")) {
      return { mime: "image/avif", extension: "avif" };
    }
  }
  return null;
}
