// Product image files (the admin's uploads): only real raster images, recognised by their first
// bytes, never by the name or the type the browser claims. SVG is refused (it can carry script).
// The browser sends each photo straight to the images bucket (a presigned POST, whose policy
// holds the type and this size limit: docs/decisions/031-direct-photo-uploads.md), so a phone's
// photo never passes through the site's 6 MB request limit.

/** 20 MiB: a phone's full-resolution JPEG, with room to spare. */
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
export const IMAGE_MAX_SIZE_TEXT = "20 MB";
/** What the file picker offers (the server checks the bytes anyway). */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";
export const NOT_AN_IMAGE = "must be a JPEG, PNG, WebP, GIF or AVIF image";
export const IMAGE_TOO_LARGE = `Each image must be at most ${IMAGE_MAX_SIZE_TEXT}`;

export interface ImageType {
  mime: "image/jpeg" | "image/png" | "image/webp" | "image/gif" | "image/avif";
  extension: "jpg" | "png" | "webp" | "gif" | "avif";
}

/** The accepted types, each with the extension its uploads' keys end with. */
export const IMAGE_TYPES: readonly ImageType[] = [
  { mime: "image/jpeg", extension: "jpg" },
  { mime: "image/png", extension: "png" },
  { mime: "image/webp", extension: "webp" },
  { mime: "image/gif", extension: "gif" },
  { mime: "image/avif", extension: "avif" },
];

/** The accepted type of this MIME type (as the browser declares it), or null. */
export const imageTypeOfMime = (mime: string): ImageType | null =>
  IMAGE_TYPES.find((type) => type.mime === mime) ?? null;

/** The accepted type an object's key names by its extension, or null. */
export const imageTypeOfKey = (key: string): ImageType | null =>
  IMAGE_TYPES.find((type) => key.endsWith(`.${type.extension}`)) ?? null;

/** Said by the form when the page runs without JavaScript (photos go to S3 from the page). */
export const PHOTOS_NEED_JAVASCRIPT =
  "Adding photos needs JavaScript: the page sends each photo straight to the shop's storage. Turn JavaScript on to add photos; everything else on this form works without it.";
/** The photo named in the form is not in the bucket (never sent, or sent and refused). */
export const PHOTO_NOT_UPLOADED = "A photo did not finish uploading: add it again";
/** The bucket refused the photo, or could not be reached. */
export const PHOTO_UPLOAD_FAILED = "The photo could not be uploaded: try again";

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
