/** Colour arithmetic on `#rrggbb` strings. */

const rgbOf = (hex: string): [number, number, number] => {
  const v = Number.parseInt(hex.slice(1, 7), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
};

export const hexOf = ([r, g, b]: [number, number, number]) =>
  `#${[r, g, b]
    .map((c) =>
      Math.max(0, Math.min(255, Math.round(c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** `a` moved a share `t` (0…1) towards `b`. */
export const mix = (a: string, b: string, t: number) => {
  const x = rgbOf(a);
  const y = rgbOf(b);
  return hexOf([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
};

/** Relative lightness 0…1. */
export const lightness = (hex: string) => {
  const [r, g, b] = rgbOf(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
};

/** More (t > 0) or less (t < 0) saturated. */
export const saturate = (hex: string, t: number) => {
  const grey = Math.round(lightness(hex) * 255);
  const [r, g, b] = rgbOf(hex);
  return hexOf([r + (r - grey) * t, g + (g - grey) * t, b + (b - grey) * t]);
};
