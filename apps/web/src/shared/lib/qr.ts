import QRCode from 'qrcode';

/**
 * Paints `text` as a QR code (error correction M) with its quiet zone, black on white, centred in a square of
 * `box.size` pixels (whole pixels per module, so a phone's scanner reads it). Every share poster uses it.
 */
export const drawQr = (ctx: CanvasRenderingContext2D, text: string, box: { x: number; y: number; size: number }): void => {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cell = Math.max(1, Math.floor(box.size / (modules.size + quiet * 2)));
  const side = cell * (modules.size + quiet * 2);
  const left = box.x + Math.floor((box.size - side) / 2);
  const top = box.y + Math.floor((box.size - side) / 2);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(left, top, side, side);
  ctx.fillStyle = '#000000';
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++)
      if (modules.get(row, col)) ctx.fillRect(left + (quiet + col) * cell, top + (quiet + row) * cell, cell, cell);
};
