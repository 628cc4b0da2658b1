import type { UploadRule } from '@app/contract';

/**
 * A phone photo made to fit an upload class of spec §9 in the browser, before it is sent (issue 37): a 12-megapixel
 * JPEG of 2–5 MB becomes a picture within the class's long × short side and its bytes. The photo is decoded upright
 * (its EXIF orientation applied), scaled down, and encoded as JPEG at falling quality, then smaller, until it fits.
 * A picture that already fits goes as it is (the server turns it upright); GIFs go as they are (they move).
 */
export class ImageBeyondLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super('image beyond the upload limit');
  }
}

const QUALITIES = [0.9, 0.82, 0.74, 0.66, 0.58, 0.5];
/** Each further round shrinks the sides by this much; below MIN_LONG_SIDE compression has failed. */
const SHRINK = 0.8;
const MIN_LONG_SIDE = 320;

const scaleToFit = (width: number, height: number, rule: UploadRule): number => {
  const [long, short] = width >= height ? [width, height] : [height, width];
  return Math.min(1, (rule.maxWidth ?? long) / long, (rule.maxHeight ?? short) / short);
};

const encodeJpeg = async (bitmap: ImageBitmap, width: number, height: number, quality: number): Promise<Blob> => {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  // A transparent PNG screenshot becomes JPEG on white, not black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  if (!blob) throw new Error('the browser could not encode the picture');
  return blob;
};

/** The file under the rule's limits, or the file itself when it fits already, is not a still picture, or no rule applies. */
export const fitImageToRule = async (file: Blob, rule: UploadRule | undefined): Promise<Blob> => {
  if (!rule || !/^image\/(jpeg|png|webp|heic|heif|avif|bmp)$/.test(file.type) || typeof createImageBitmap !== 'function') return file;
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const scale = scaleToFit(bitmap.width, bitmap.height, rule);
    const sendable = /^image\/(jpeg|png)$/.test(file.type);
    if (sendable && scale === 1 && file.size <= rule.maxBytes) return file;
    let width = Math.round(bitmap.width * scale);
    let height = Math.round(bitmap.height * scale);
    while (Math.max(width, height) >= MIN_LONG_SIDE) {
      for (const quality of QUALITIES) {
        const blob = await encodeJpeg(bitmap, width, height, quality);
        if (blob.size <= rule.maxBytes) return blob;
      }
      width = Math.round(width * SHRINK);
      height = Math.round(height * SHRINK);
    }
    throw new ImageBeyondLimitError(rule.maxBytes);
  } finally {
    bitmap.close();
  }
};
