/** Side of the uploaded avatar, in pixels (well under the 1 MB / 1920×1080 upload limit as a JPEG). */
export const AVATAR_SIZE = 400;
export const MAX_ZOOM = 3;

export interface SquareCrop {
  /** Left and top of the square in the source image, in source pixels. */
  sx: number;
  sy: number;
  /** Side of the square in source pixels. */
  size: number;
}

/**
 * The square of the source image the crop frame shows. At zoom 1 the frame holds the largest centred square;
 * zooming in shrinks it around the same centre; `panX`/`panY` (-1…1) move it towards the edges, never past them.
 */
export const squareCrop = (width: number, height: number, zoom = 1, panX = 0, panY = 0): SquareCrop => {
  const z = Math.min(MAX_ZOOM, Math.max(1, zoom));
  const size = Math.min(width, height) / z;
  const clamp = (v: number) => Math.min(1, Math.max(-1, v));
  const slackX = (width - size) / 2;
  const slackY = (height - size) / 2;
  return { sx: slackX + clamp(panX) * slackX, sy: slackY + clamp(panY) * slackY, size };
};
