import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { aigcXmp, labelFromXmp } from './aigc-embed.js';
import type { AigcLabel, AigcSigner } from './aigc-label.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const XMP_KEYWORD = 'XML:com.adobe.xmp';

const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
};

/**
 * A PNG with its XMP as the iTXt chunk the XMP specification names (keyword XML:com.adobe.xmp, uncompressed),
 * right after IHDR; any earlier XMP chunk (libvips writes a compressed zTXt) is dropped. The pixels are untouched.
 */
export const pngWithXmp = (png: Buffer, xmp: string): Buffer => {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG');
  const parts: Buffer[] = [PNG_SIGNATURE];
  const itxt = chunk(
    'iTXt',
    Buffer.concat([Buffer.from(XMP_KEYWORD, 'latin1'), Buffer.from([0, 0, 0, 0, 0]), Buffer.from(xmp, 'utf8')]),
  );
  let offset = 8;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const whole = png.subarray(offset, offset + 12 + length);
    const keyword = png.toString('latin1', offset + 8, offset + 8 + XMP_KEYWORD.length);
    if (!((type === 'iTXt' || type === 'zTXt' || type === 'tEXt') && keyword === XMP_KEYWORD)) parts.push(whole);
    if (type === 'IHDR') parts.push(itxt);
    offset += 12 + length;
  }
  return Buffer.concat(parts);
};

/**
 * A picture (any format sharp reads) encoded as `format` with the hidden label: WebP's XMP chunk, JPEG's APP1
 * XMP segment, PNG's iTXt. What shares and posters made on the server go through, so a re-encode keeps it.
 */
export const encodeLabelledPicture = async (
  picture: Buffer,
  label: AigcLabel,
  format: 'png' | 'jpeg' | 'webp',
  quality = 90,
): Promise<Buffer> => {
  const xmp = aigcXmp(label);
  if (format === 'png') return pngWithXmp(await sharp(picture).png().toBuffer(), xmp);
  const image = sharp(picture).withXmp(xmp);
  return (format === 'jpeg' ? image.jpeg({ quality }) : image.webp({ quality })).toBuffer();
};

/**
 * A picture of ours as it goes public (a work published to the hall): its label gains our propagation fields
 * (ContentPropagator, PropagateID, ReservedCode2), re-encoded as WebP. A picture without a label of ours (an
 * upload of the user's own) is answered unchanged.
 */
export const withPropagation = async (picture: Buffer, signer: AigcSigner, propagateId: string): Promise<Buffer> => {
  const meta = await sharp(picture).metadata();
  const label = meta.xmp ? labelFromXmp(meta.xmp.toString('utf8')) : null;
  if (!label || !signer.verify(label).produced) return picture;
  const propagated = signer.propagate(label, propagateId);
  return sharp(picture).withXmp(aigcXmp(propagated)).webp({ quality: 90 }).toBuffer();
};
