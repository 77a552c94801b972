// Photos of a given size for the tests of the admin's uploads (docs/decisions/031-direct-photo-uploads.md):
// a valid PNG stored without compression, so its size is its pixels' (3 bytes each) whatever they
// show, and a few seconds of the image-variants function make its variants (a smooth gradient,
// not noise that AVIF takes long over; `blue` tells two apart). At least `bytes` long, a little
// more.
import sharp from "sharp";

export async function photoOfAtLeast(bytes: number, blue = 128): Promise<Buffer> {
  const width = 2000;
  const height = Math.ceil(bytes / (width * 3)) + 1;
  const gradient = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      gradient[at] = (x * 255) / width;
      gradient[at + 1] = (y * 255) / height;
      gradient[at + 2] = blue;
    }
  }
  const png = await sharp(gradient, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0, adaptiveFiltering: false })
    .toBuffer();
  if (png.length < bytes) throw new Error(`a ${png.length}-byte photo, not ${bytes}`);
  return png;
}
