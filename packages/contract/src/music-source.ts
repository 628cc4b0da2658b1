/**
 * Background music (app_bgm) sources, the only two kinds ffmpeg is ever given:
 * - a stored audio file of our own: a site path under `/uploads/`, `/files/public/` or `/static/` with an audio
 *   extension (no host, no query: never a URL ffmpeg would fetch);
 * - a synthesised tone: one generator from a fixed list (`sine`, `anoisesrc`, `aevalsrc`) with numeric
 *   parameters only (aevalsrc's expression is arithmetic over `t`: numbers, + - * / ^, parentheses, sin, cos,
 *   abs, exp, PI, E). No filter chains, no escapes, no other filters (`amovie`, `movie`… read files and URLs).
 *
 * The operator's text is parsed into a MusicSynth and ffmpeg runs only what `musicSynthToLavfi` writes back
 * from it, so nothing the operator typed reaches ffmpeg unparsed.
 */

/**
 * The project's own pieces (scores kept in the server, rendered with General MIDI instruments by fluidsynth):
 * an app_bgm item may name one, its `lavfi` or `url` then being what plays where fluidsynth is not installed.
 */
export const MUSIC_SCORE_IDS = ['morning', 'afternoon', 'tech', 'night', 'festival', 'guofeng', 'inspire', 'healing'] as const;
export type MusicScoreId = (typeof MUSIC_SCORE_IDS)[number];

export type MusicSynth =
  | { source: 'sine'; frequency: number; beepFactor: number; sampleRate: number; seconds: number | null }
  | {
      source: 'anoisesrc';
      amplitude: number;
      colour: NoiseColour;
      sampleRate: number;
      seconds: number | null;
      seed: number | null;
    }
  | { source: 'aevalsrc'; expression: string; sampleRate: number; seconds: number | null };

export const MUSIC_SYNTH_SOURCES = ['sine', 'anoisesrc', 'aevalsrc'] as const;
const NOISE_COLOURS = ['white', 'pink', 'brown', 'blue', 'violet', 'velvet'] as const;
type NoiseColour = (typeof NOISE_COLOURS)[number];

const MAX_SOURCE_LENGTH = 500;
const NUMBER = /^-?\d{1,9}(?:\.\d{1,9})?$/;

/** Option names (short and long, as ffmpeg spells them) → our field, with the range each number may take. */
const OPTIONS = {
  sine: {
    f: 'frequency',
    frequency: 'frequency',
    b: 'beepFactor',
    beep_factor: 'beepFactor',
    r: 'sampleRate',
    sample_rate: 'sampleRate',
    d: 'seconds',
    duration: 'seconds',
  },
  anoisesrc: {
    a: 'amplitude',
    amplitude: 'amplitude',
    c: 'colour',
    color: 'colour',
    colour: 'colour',
    r: 'sampleRate',
    sample_rate: 'sampleRate',
    d: 'seconds',
    duration: 'seconds',
    s: 'seed',
    seed: 'seed',
  },
  aevalsrc: {
    exprs: 'expression',
    s: 'sampleRate',
    sample_rate: 'sampleRate',
    d: 'seconds',
    duration: 'seconds',
  },
} as const satisfies Record<(typeof MUSIC_SYNTH_SOURCES)[number], Record<string, string>>;

const RANGES: Record<string, [number, number]> = {
  frequency: [1, 20000],
  beepFactor: [0, 100],
  sampleRate: [8000, 96000],
  seconds: [0.1, 3600],
  amplitude: [0, 1],
  seed: [0, 4294967295],
};

/** Tokens of an aevalsrc expression: numbers, the time `t`, constants, four functions, arithmetic. */
const EXPRESSION_TOKEN = /\s*(\d{1,9}(?:\.\d{1,9})?|PI|E|t|sin|cos|abs|exp|[-+*/^()])\s*/y;
const FUNCTIONS = new Set(['sin', 'cos', 'abs', 'exp']);
const MAX_EXPRESSION_TOKENS = 400;

/** The expression rewritten from its tokens, or null when it holds anything else or its parentheses do not pair. */
const cleanExpression = (raw: string): string | null => {
  const tokens: string[] = [];
  EXPRESSION_TOKEN.lastIndex = 0;
  while (EXPRESSION_TOKEN.lastIndex < raw.length) {
    const start = EXPRESSION_TOKEN.lastIndex;
    const match = EXPRESSION_TOKEN.exec(raw);
    if (!match || EXPRESSION_TOKEN.lastIndex === start) return null;
    tokens.push(match[1]!);
    if (tokens.length > MAX_EXPRESSION_TOKENS) return null;
  }
  if (!tokens.length) return null;
  let depth = 0;
  for (const [i, token] of tokens.entries()) {
    if (FUNCTIONS.has(token) && tokens[i + 1] !== '(') return null;
    if (token === '(') depth += 1;
    if (token === ')' && --depth < 0) return null;
  }
  return depth === 0 ? tokens.join('') : null;
};

/** A synthesised music source read from an operator's text (`aevalsrc='…':s=44100:d=60`), or null. */
export const parseMusicSynth = (text: string): MusicSynth | null => {
  if (typeof text !== 'string' || text.length > MAX_SOURCE_LENGTH) return null;
  // Nothing that chains filters, escapes characters or opens labels, anywhere.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\\,;[\]"\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(text)) return null;
  const head = /^([a-z]+)(?:=(.*))?$/s.exec(text.trim());
  if (!head) return null;
  const source = head[1] as MusicSynth['source'];
  if (!(MUSIC_SYNTH_SOURCES as readonly string[]).includes(source)) return null;
  const names: Record<string, string> = OPTIONS[source];
  const values: Record<string, string> = {};
  const parts = head[2] === undefined || head[2] === '' ? [] : head[2].split(':');
  for (const [i, part] of parts.entries()) {
    const option = /^(?:([a-z_]+)=)?('[^']*'|[^']*)$/.exec(part);
    if (!option) return null;
    // The first value may come without its name (ffmpeg's positional options): aevalsrc's expression.
    const name = option[1] ?? (i === 0 && source === 'aevalsrc' ? 'exprs' : undefined);
    const field = name ? names[name] : undefined;
    if (!field || field in values) return null;
    const value = option[2]!;
    values[field] = value.startsWith("'") ? value.slice(1, -1) : value;
  }
  const number = (field: string, fallback: number | null): number | null | undefined => {
    const raw = values[field];
    if (raw === undefined) return fallback;
    if (!NUMBER.test(raw.trim())) return undefined;
    const n = Number(raw);
    const [min, max] = RANGES[field]!;
    return n >= min && n <= max ? n : undefined;
  };
  const sampleRate = number('sampleRate', 44100);
  const seconds = number('seconds', null);
  if (sampleRate === undefined || sampleRate === null || seconds === undefined) return null;
  if (source === 'sine') {
    const frequency = number('frequency', 440);
    const beepFactor = number('beepFactor', 0);
    if (frequency == null || beepFactor == null) return null;
    return { source, frequency, beepFactor, sampleRate, seconds };
  }
  if (source === 'anoisesrc') {
    const amplitude = number('amplitude', 1);
    const seed = number('seed', null);
    const colour = (values.colour ?? 'white') as NoiseColour;
    if (amplitude == null || seed === undefined || !NOISE_COLOURS.includes(colour)) return null;
    return { source, amplitude, colour, sampleRate, seconds, seed };
  }
  const expression = values.expression === undefined ? null : cleanExpression(values.expression);
  if (!expression) return null;
  return { source, expression, sampleRate, seconds };
};

/** The lavfi text ffmpeg runs for a synth, written from its parsed fields (`seconds` overrides its length). */
export const musicSynthToLavfi = (synth: MusicSynth, seconds: number | null = synth.seconds): string => {
  const length = seconds === null ? '' : `:d=${Number(seconds.toFixed(3))}`;
  switch (synth.source) {
    case 'sine':
      return `sine=f=${synth.frequency}:b=${synth.beepFactor}:r=${synth.sampleRate}${length}`;
    case 'anoisesrc':
      return (
        `anoisesrc=a=${synth.amplitude}:c=${synth.colour}:r=${synth.sampleRate}` +
        `${synth.seed === null ? '' : `:s=${synth.seed}`}${length}`
      );
    case 'aevalsrc':
      return `aevalsrc='${synth.expression}':s=${synth.sampleRate}${length}`;
  }
};

/** Extensions a stored music file may have. */
export const MUSIC_FILE_EXTENSIONS = ['mp3', 'm4a', 'aac', 'ogg', 'oga', 'opus', 'wav', 'flac'] as const;

/**
 * Whether `url` names a music file of our own as a site path: `/uploads/…`, `/files/public/…` or `/static/…`,
 * safe path segments, an audio extension; no scheme, host or query.
 */
export const isMusicFilePath = (url: string): boolean => {
  const match =
    /^\/(?:uploads|files\/public|static)\/((?:[A-Za-z0-9][A-Za-z0-9_.-]*\/)*[A-Za-z0-9][A-Za-z0-9_.-]*)$/.exec(
      url,
    );
  if (!match || url.length > 400) return false;
  if (match[1]!.split('/').some((segment) => segment === '..' || segment.includes('..'))) return false;
  const ext = url.slice(url.lastIndexOf('.') + 1).toLowerCase();
  return (MUSIC_FILE_EXTENSIONS as readonly string[]).includes(ext);
};

/** Whether an app_bgm item's music is one of the two allowed kinds (a stored file, else a synth). */
export const isAllowedMusic = (data: { url: string | null; lavfi: string }): boolean =>
  (data.url === null || isMusicFilePath(data.url)) &&
  (data.lavfi === '' ? data.url !== null : parseMusicSynth(data.lavfi) !== null);
