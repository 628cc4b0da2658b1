/**
 * The composer's vocabulary. A motif is one drawable subject (a bridge, a cat, a lantern) drawn in its own unit
 * box — x from -50 to 50, y from -100 to 0, its foot at the origin — so the layout can place and scale it freely.
 */

/** Where the layout grammar puts a motif: sky, far (on the horizon), the ground itself, middle distance, near. */
export type Slot = 'sky' | 'weather' | 'far' | 'terrain' | 'middle' | 'near';

export type Family =
  'landscape' | 'sky' | 'plants' | 'animals' | 'people' | 'buildings' | 'vehicles' | 'objects' | 'food';

/** Colour roles a motif asks for; the palette (time of day, season, weather) answers them. */
export type Role =
  | 'leaf'
  | 'blossom'
  | 'trunk'
  | 'wood'
  | 'roof'
  | 'wall'
  | 'stone'
  | 'water'
  | 'ground'
  | 'far'
  | 'skin'
  | 'hair'
  | 'cloth'
  | 'cloth2'
  | 'accent'
  | 'dark'
  | 'light'
  | 'sun'
  | 'moon'
  | 'cloud'
  | 'metal'
  | 'glass'
  /** A mountain's top: snow in the cold seasons, bare rock in spring and summer. */
  | 'peak';

/** A role or a fixed colour (`#rrggbb`): a panda is black and white in any light. */
export type Colour = Role | `#${string}`;

/** What a motif draws with: colours resolved and painted the way the style paints. */
export interface Pen {
  rnd: () => number;
  /** The paint attributes of a filled shape of this colour (fill, and a stroke in line art). */
  fill(colour: Colour, opacity?: number): string;
  /** The paint attributes of a line of this colour, `width` in the motif's units. */
  line(colour: Colour, width: number): string;
}

export interface Motif {
  id: string;
  family: Family;
  slot: Slot;
  /** Words that name it, Chinese and English (lower case); the first Chinese one is its name. */
  words: string[];
  /** Height of its box as a share of the picture's short side, at middle distance. */
  size: number;
  /** Drawn this many times when the prompt names it once (trees, flowers, stars). */
  repeat?: number;
  draw(pen: Pen): string;
}
