import sharp from 'sharp';

/**
 * A phone camera's photo: 4032×3024 stored pixels with EXIF orientation 6 (shown turned a quarter clockwise, as a
 * portrait 3024×4032). The stored left half is red and the right half blue, so upright the top is red, the bottom
 * blue. Gradients and grain make it weigh what a real photo does.
 */
export const phonePhoto = async (): Promise<Buffer> => {
  const width = 4032;
  const height = 3024;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed >> 16) % 32;
      const shade = Math.round((y / height) * 60);
      const i = (y * width + x) * 3;
      const red = x < width / 2;
      pixels[i] = red ? 200 + (grain >> 1) : shade + grain;
      pixels[i + 1] = shade + grain;
      pixels[i + 2] = red ? shade + grain : 200 + (grain >> 1);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).withMetadata({ orientation: 6 }).toBuffer();
};
