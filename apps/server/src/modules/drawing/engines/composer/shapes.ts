import type { Colour, Pen } from './types.js';

/** Small SVG builders the motifs draw with; every coordinate is in the motif's unit box. */

const n = (v: number) => (Math.round(v * 10) / 10).toString();

export const path = (pen: Pen, d: string, colour: Colour, opacity?: number) =>
  `<path d="${d}" ${pen.fill(colour, opacity)}/>`;

export const poly = (pen: Pen, points: number[], colour: Colour, opacity?: number) => {
  const pairs: string[] = [];
  for (let i = 0; i < points.length; i += 2) pairs.push(`${n(points[i]!)},${n(points[i + 1]!)}`);
  return `<polygon points="${pairs.join(' ')}" ${pen.fill(colour, opacity)}/>`;
};

export const rect = (
  pen: Pen,
  x: number,
  y: number,
  w: number,
  h: number,
  colour: Colour,
  r = 0,
  opacity?: number,
) =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${r ? ` rx="${n(r)}"` : ''} ${pen.fill(colour, opacity)}/>`;

export const ellipse = (
  pen: Pen,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  colour: Colour,
  opacity?: number,
) => `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" ${pen.fill(colour, opacity)}/>`;

export const circle = (pen: Pen, cx: number, cy: number, r: number, colour: Colour, opacity?: number) =>
  ellipse(pen, cx, cy, r, r, colour, opacity);

export const line = (pen: Pen, d: string, colour: Colour, width: number) =>
  `<path d="${d}" fill="none" ${pen.line(colour, width)}/>`;

/** A group turned about a point. */
export const turn = (degrees: number, cx: number, cy: number, body: string) =>
  `<g transform="rotate(${n(degrees)} ${n(cx)} ${n(cy)})">${body}</g>`;
export const shift = (dx: number, dy: number, body: string, scale = 1) =>
  `<g transform="translate(${n(dx)} ${n(dy)})${scale !== 1 ? ` scale(${n(scale)})` : ''}">${body}</g>`;

/** A round crown of leaves as a few overlapping circles. */
export const crown = (pen: Pen, cx: number, cy: number, r: number, colour: Colour) =>
  [
    circle(pen, cx - r * 0.55, cy + r * 0.2, r * 0.62, colour),
    circle(pen, cx + r * 0.55, cy + r * 0.2, r * 0.62, colour),
    circle(pen, cx, cy - r * 0.3, r * 0.72, colour),
  ].join('');
