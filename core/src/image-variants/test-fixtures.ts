// What the image-variants tests share (core's integration test and the e2e product photos): a
// photo built by hand, so no binary file is kept in the repository.
import sharp from "sharp";

/**
 * A photo-like JPEG: a smooth gradient with fine grain (large as a JPEG, small once resized),
 * with the EXIF orientation given, if any.
 */
export async function photoLikeJpeg(
  width: number,
  height: number,
  orientation?: number,
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < raw.length; i += 3) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const grain = (seed / 0x7fffffff - 0.5) * 24;
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    raw[i] = Math.max(0, Math.min(255, (x / width) * 200 + 30 + grain));
    raw[i + 1] = Math.max(0, Math.min(255, (y / height) * 180 + 40 + grain));
    raw[i + 2] = Math.max(0, Math.min(255, 120 + grain));
  }
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  if (orientation) image.withMetadata({ orientation });
  return image.jpeg({ quality: 85 }).toBuffer();
}
