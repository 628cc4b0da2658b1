import { execFile } from 'node:child_process';
import sharp from 'sharp';
import { hasCommand } from '../../../platform/system-packages.js';
import { IMAGE_DECODE_LIMITS } from '../../../platform/storage/image-upload.js';

/** Longest side the OCR reads: text a viewer can read on a phone survives it, and time stays near a second. */
const OCR_LONG_SIDE = 1600;

let available: boolean | undefined;
/** Whether Debian's tesseract (with its chi_sim model, package tesseract-ocr-chi-sim) is installed. */
export const ocrAvailable = (): boolean => (available ??= hasCommand('tesseract'));

/**
 * Reads the text in a picture with Tesseract (Debian's tesseract-ocr-chi-sim: its model ships in the package, no
 * download): simplified Chinese (its model reads Latin letters and digits too) as sparse text, which finds
 * captions on busy pictures that page layout analysis misses; one child process per picture, so no model stays in
 * this process.
 * Answers the text with whitespace collapsed; null when tesseract is missing. Over `budgetMs` the process is
 * killed and the call fails.
 */
export const readPictureText = async (
  image: Buffer | string,
  options: { budgetMs?: number } = {},
): Promise<string | null> => {
  if (!ocrAvailable()) return null;
  const png = await sharp(image, { limitInputPixels: IMAGE_DECODE_LIMITS.maxPixels, animated: false })
    .flatten({ background: '#ffffff' })
    .resize(OCR_LONG_SIDE, OCR_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
    .grayscale()
    .png({ compressionLevel: 1 })
    .toBuffer();
  const text = await new Promise<string>((resolve, reject) => {
    const child = execFile(
      'tesseract',
      ['stdin', 'stdout', '-l', 'chi_sim', '--psm', '11'],
      { timeout: options.budgetMs ?? 20_000, maxBuffer: 4 * 1024 * 1024, env: { ...process.env, OMP_THREAD_LIMIT: '1' } },
      (error, stdout) => (error ? reject(new Error(`ocr: ${error.message}`)) : resolve(stdout)),
    );
    child.stdin?.end(png);
  });
  // Tesseract puts spaces between Chinese characters; words are matched without them.
  return text
    .replace(/(?<=[\u3400-\u9fff])\s+(?=[\u3400-\u9fff])/g, '')
    .replace(/\s+/g, ' ')
    .trim();
};
