import type { MusicScoreId } from '@app/contract';
import { seededRandom } from '../../../platform/seeded-random.js';
import { TICKS_PER_BEAT, writeMidi, type MidiNote, type MidiPart } from './midi.js';

/**
 * The project's own background music: eight short pieces written for it, one per mood, kept here as scores
 * (tempo, key, chord progression, instruments, accompaniment and drum patterns; the melodies are composed from
 * the chords by a seeded motif writer, so a piece is the same on every machine). They are rendered to audio by
 * fluidsynth with General MIDI instruments (score-audio.ts).
 */

type Scale = 'major' | 'minor' | 'pentatonic';
type Accompaniment = 'block' | 'arpeggio' | 'pad' | 'strum' | 'pulse';
type Drums = 'pop' | 'four' | 'festive' | 'brush' | 'march';

interface ScoreSpec {
  tempo: number;
  /** Key number of the tonic (60 = C4). */
  tonic: number;
  scale: Scale;
  /** Scale degrees (0-based) of each bar's chord, repeated through the piece. */
  progression: number[];
  seconds: number;
  melody: { program: number; volume: number; octave: number; seed: number; density: number };
  chords: { program: number; volume: number; style: Accompaniment };
  bass: { program: number; volume: number } | null;
  drums: { pattern: Drums; volume: number } | null;
  /** A second colour doubling the melody an octave up in the middle section (bells, flute…). */
  sparkle?: { program: number; volume: number };
}

// General MIDI programs (0-based).
const GM = {
  piano: 0,
  brightPiano: 1,
  epiano: 4,
  glockenspiel: 9,
  musicBox: 10,
  vibraphone: 11,
  marimba: 12,
  nylonGuitar: 24,
  steelGuitar: 25,
  fingerBass: 33,
  pickBass: 34,
  synthBass: 38,
  violin: 40,
  cello: 42,
  pizzicato: 45,
  harp: 46,
  strings: 48,
  slowStrings: 49,
  trumpet: 56,
  frenchHorn: 60,
  brass: 61,
  flute: 73,
  panFlute: 75,
  squareLead: 80,
  sawLead: 81,
  warmPad: 89,
  haloPad: 94,
  koto: 107,
} as const;

export const SCORES: Record<MusicScoreId, ScoreSpec> = {
  morning: {
    tempo: 112,
    tonic: 62, // D major
    scale: 'major',
    progression: [0, 4, 5, 3],
    seconds: 60,
    melody: { program: GM.brightPiano, volume: 100, octave: 1, seed: 11, density: 0.7 },
    chords: { program: GM.steelGuitar, volume: 80, style: 'strum' },
    bass: { program: GM.fingerBass, volume: 90 },
    drums: { pattern: 'pop', volume: 70 },
    sparkle: { program: GM.glockenspiel, volume: 60 },
  },
  afternoon: {
    tempo: 88,
    tonic: 65, // F major
    scale: 'major',
    progression: [0, 5, 1, 4],
    seconds: 60,
    melody: { program: GM.epiano, volume: 100, octave: 1, seed: 23, density: 0.55 },
    chords: { program: GM.nylonGuitar, volume: 85, style: 'arpeggio' },
    bass: { program: GM.fingerBass, volume: 85 },
    drums: { pattern: 'brush', volume: 55 },
  },
  tech: {
    tempo: 120,
    tonic: 57, // A minor
    scale: 'minor',
    progression: [0, 5, 2, 6],
    seconds: 60,
    melody: { program: GM.squareLead, volume: 80, octave: 1, seed: 37, density: 0.8 },
    chords: { program: GM.warmPad, volume: 75, style: 'pulse' },
    bass: { program: GM.synthBass, volume: 100 },
    drums: { pattern: 'four', volume: 85 },
    sparkle: { program: GM.sawLead, volume: 45 },
  },
  night: {
    tempo: 68,
    tonic: 60, // C major, slow
    scale: 'major',
    progression: [0, 2, 5, 3],
    seconds: 90,
    melody: { program: GM.piano, volume: 90, octave: 1, seed: 41, density: 0.4 },
    chords: { program: GM.slowStrings, volume: 70, style: 'pad' },
    bass: { program: GM.cello, volume: 70 },
    drums: null,
    sparkle: { program: GM.musicBox, volume: 50 },
  },
  festival: {
    tempo: 128,
    tonic: 62, // D pentatonic
    scale: 'pentatonic',
    progression: [0, 3, 4, 0],
    seconds: 60,
    melody: { program: GM.flute, volume: 100, octave: 1, seed: 53, density: 0.85 },
    chords: { program: GM.pizzicato, volume: 80, style: 'block' },
    bass: { program: GM.pickBass, volume: 85 },
    drums: { pattern: 'festive', volume: 85 },
    sparkle: { program: GM.marimba, volume: 70 },
  },
  guofeng: {
    tempo: 76,
    tonic: 64, // E pentatonic (gong mode)
    scale: 'pentatonic',
    progression: [0, 4, 3, 1],
    seconds: 75,
    melody: { program: GM.koto, volume: 100, octave: 0, seed: 67, density: 0.6 },
    chords: { program: GM.strings, volume: 65, style: 'pad' },
    bass: { program: GM.cello, volume: 70 },
    drums: null,
    sparkle: { program: GM.panFlute, volume: 70 },
  },
  inspire: {
    tempo: 100,
    tonic: 58, // B-flat major
    scale: 'major',
    progression: [5, 3, 0, 4],
    seconds: 60,
    melody: { program: GM.frenchHorn, volume: 95, octave: 1, seed: 71, density: 0.6 },
    chords: { program: GM.strings, volume: 85, style: 'pulse' },
    bass: { program: GM.cello, volume: 90 },
    drums: { pattern: 'march', volume: 75 },
    sparkle: { program: GM.trumpet, volume: 60 },
  },
  healing: {
    tempo: 96,
    tonic: 67, // G major
    scale: 'major',
    progression: [0, 3, 5, 4],
    seconds: 60,
    melody: { program: GM.vibraphone, volume: 95, octave: 0, seed: 83, density: 0.6 },
    chords: { program: GM.harp, volume: 80, style: 'arpeggio' },
    bass: { program: GM.fingerBass, volume: 75 },
    drums: { pattern: 'brush', volume: 50 },
    sparkle: { program: GM.glockenspiel, volume: 55 },
  },
};

const SCALE_STEPS: Record<Scale, number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  pentatonic: [0, 2, 4, 7, 9],
};

/** The key of scale degree `degree` (any integer: wraps into octaves). */
const keyOf = (spec: ScoreSpec, degree: number) => {
  const steps = SCALE_STEPS[spec.scale];
  const octave = Math.floor(degree / steps.length);
  return spec.tonic + octave * 12 + steps[((degree % steps.length) + steps.length) % steps.length]!;
};

/** A chord on a degree: stacked thirds in seven-note scales, degree/+2/+3 steps in the pentatonic one. */
const chordDegrees = (spec: ScoreSpec, degree: number) =>
  spec.scale === 'pentatonic' ? [degree, degree + 2, degree + 3] : [degree, degree + 2, degree + 4];

const BEAT = TICKS_PER_BEAT;
const BAR = 4 * BEAT;

/** Drum hits of one bar (GM percussion keys: 36 kick, 38 snare, 42 closed hat, 46 open hat, 39 clap…). */
const DRUM_BAR: Record<Drums, [beat: number, key: number, velocity: number][]> = {
  pop: [
    [0, 36, 100],
    [1, 38, 90],
    [2, 36, 95],
    [2.5, 36, 70],
    [3, 38, 90],
    ...[0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5].map((b): [number, number, number] => [b, 42, 60]),
  ],
  four: [
    [0, 36, 110],
    [1, 36, 110],
    [2, 36, 110],
    [3, 36, 110],
    [1, 39, 80],
    [3, 39, 80],
    ...[0.5, 1.5, 2.5, 3.5].map((b): [number, number, number] => [b, 46, 70]),
  ],
  festive: [
    [0, 36, 100],
    [0.5, 50, 70],
    [1, 38, 95],
    [1.5, 47, 70],
    [2, 36, 100],
    [2.5, 45, 75],
    [3, 38, 95],
    [3.5, 54, 80],
  ],
  brush: [
    [0, 36, 70],
    [2, 36, 60],
    [1, 40, 50],
    [3, 40, 55],
    ...[0, 1, 2, 3].map((b): [number, number, number] => [b, 44, 45]),
  ],
  march: [
    [0, 36, 100],
    [1, 38, 70],
    [2, 36, 95],
    [3, 38, 70],
    [3.5, 38, 60],
    [0, 49, 60],
  ],
};

/**
 * A melody over the chords: a two-bar motif answered by a varied copy, strong beats on chord tones, steps
 * between; the middle section rises an octave. Deterministic for a seed.
 */
const composeMelody = (spec: ScoreSpec, bars: number): MidiNote[] => {
  const random = seededRandom(spec.melody.seed);
  const rhythms = [
    [1, 1, 1, 1],
    [1.5, 0.5, 1, 1],
    [1, 0.5, 0.5, 2],
    [0.5, 0.5, 1, 0.5, 0.5, 1],
    [2, 1, 1],
    [1, 1, 2],
  ];
  const motif = (barIndex: number) => {
    const chord = chordDegrees(spec, spec.progression[barIndex % spec.progression.length]!);
    const rhythm = rhythms[Math.floor(random() * rhythms.length)]!;
    const degrees: number[] = [];
    let degree = chord[Math.floor(random() * chord.length)]!;
    for (let i = 0; i < rhythm.length; i++) {
      if (i === 0) degree = chord[Math.floor(random() * chord.length)]!;
      else degree += random() < 0.5 ? 1 : -1;
      degrees.push(degree);
    }
    return { rhythm, degrees };
  };
  const phrases = Array.from({ length: 4 }, (_, i) => motif(i));
  const notes: MidiNote[] = [];
  const intro = 2;
  for (let bar = intro; bar < bars - 1; bar++) {
    const section = Math.floor((bar - intro) / 8) % 3; // A, A', B
    const phrase = phrases[(bar - intro) % 4]!;
    const lift = section === 2 ? 7 : 0;
    let beat = 0;
    phrase.rhythm.forEach((length, i) => {
      const rest = random() > spec.melody.density && i > 0;
      const variation = section === 1 && i === phrase.rhythm.length - 1 ? 2 : 0;
      if (!rest) {
        notes.push({
          at: bar * BAR + beat * BEAT,
          length: length * BEAT * 0.92,
          key: keyOf(spec, phrase.degrees[i]! + variation + lift) + 12 * spec.melody.octave,
          velocity: 78 + (i === 0 ? 14 : 0) + Math.round(random() * 8),
        });
      }
      beat += length;
    });
  }
  // The last bar rests on the tonic.
  notes.push({
    at: (bars - 1) * BAR,
    length: 3 * BEAT,
    key: keyOf(spec, 0) + 12 * spec.melody.octave,
    velocity: 80,
  });
  return notes;
};

const accompaniment = (spec: ScoreSpec, bars: number): MidiNote[] => {
  const notes: MidiNote[] = [];
  for (let bar = 0; bar < bars; bar++) {
    const keys = chordDegrees(spec, spec.progression[bar % spec.progression.length]!).map(
      (d) => keyOf(spec, d) - 12,
    );
    const start = bar * BAR;
    const style = bar === bars - 1 ? 'pad' : spec.chords.style;
    switch (style) {
      case 'pad':
        for (const key of keys) notes.push({ at: start, length: BAR, key, velocity: 64 });
        break;
      case 'block':
        for (const beat of [0, 1, 2, 3])
          for (const key of keys)
            notes.push({ at: start + beat * BEAT, length: BEAT * 0.5, key, velocity: beat % 2 ? 62 : 76 });
        break;
      case 'pulse':
        for (let eighth = 0; eighth < 8; eighth++)
          for (const key of keys)
            notes.push({
              at: start + eighth * (BEAT / 2),
              length: BEAT * 0.4,
              key,
              velocity: eighth % 2 ? 55 : 70,
            });
        break;
      case 'arpeggio': {
        const pattern = [
          keys[0]!,
          keys[1]!,
          keys[2]!,
          keys[0]! + 12,
          keys[2]!,
          keys[1]!,
          keys[0]! + 12,
          keys[1]!,
        ];
        pattern.forEach((key, i) =>
          notes.push({
            at: start + i * (BEAT / 2),
            length: BEAT,
            key,
            velocity: 60 + (i % 4 === 0 ? 12 : 0),
          }),
        );
        break;
      }
      case 'strum':
        for (const [beat, velocity] of [
          [0, 80],
          [1.5, 60],
          [2, 74],
          [3, 62],
          [3.5, 58],
        ] as const)
          keys.forEach((key, i) =>
            notes.push({ at: start + beat * BEAT + i * 20, length: BEAT * 0.9, key, velocity }),
          );
        break;
    }
  }
  return notes;
};

const bassLine = (spec: ScoreSpec, bars: number): MidiNote[] => {
  const notes: MidiNote[] = [];
  for (let bar = 0; bar < bars; bar++) {
    const root = keyOf(spec, spec.progression[bar % spec.progression.length]!) - 24;
    const fifth = root + 7;
    const line =
      bar === bars - 1
        ? [[0, root, 4]]
        : [
            [0, root, 1.5],
            [1.5, root, 0.5],
            [2, fifth, 1],
            [3, root + 12, 1],
          ];
    for (const [beat, key, length] of line)
      notes.push({ at: bar * BAR + beat! * BEAT, length: length! * BEAT * 0.9, key: key!, velocity: 88 });
  }
  return notes;
};

const drumPart = (pattern: Drums, bars: number): MidiNote[] => {
  const notes: MidiNote[] = [];
  // Drums enter after the two-bar intro and leave the last bar to ring.
  for (let bar = 2; bar < bars - 1; bar++)
    for (const [beat, key, velocity] of DRUM_BAR[pattern])
      notes.push({ at: bar * BAR + beat * BEAT, length: BEAT / 4, key, velocity });
  notes.push({ at: (bars - 1) * BAR, length: BEAT, key: 49, velocity: 80 }); // a closing cymbal
  return notes;
};

/** Bars that fill the piece's length, rounded up to whole four-bar phrases. */
const barsOf = (spec: ScoreSpec) => Math.ceil((spec.seconds * spec.tempo) / 60 / 4 / 4) * 4;

/** The MIDI file of one of the project's scores. */
export const scoreMidi = (id: MusicScoreId): Buffer => {
  const spec = SCORES[id];
  const bars = barsOf(spec);
  const melody = composeMelody(spec, bars);
  const parts: MidiPart[] = [
    { channel: 0, program: spec.melody.program, volume: spec.melody.volume, notes: melody },
    {
      channel: 1,
      program: spec.chords.program,
      volume: spec.chords.volume,
      notes: accompaniment(spec, bars),
    },
  ];
  if (spec.bass)
    parts.push({
      channel: 2,
      program: spec.bass.program,
      volume: spec.bass.volume,
      notes: bassLine(spec, bars),
    });
  if (spec.sparkle) {
    // The sparkle doubles the melody an octave up in the second half.
    const half = Math.floor(bars / 2) * BAR;
    const notes = melody
      .filter((n) => n.at >= half)
      .map((n) => ({ ...n, key: n.key + 12, velocity: n.velocity - 10 }));
    parts.push({ channel: 3, program: spec.sparkle.program, volume: spec.sparkle.volume, notes });
  }
  if (spec.drums)
    parts.push({
      channel: 9,
      program: 0,
      volume: spec.drums.volume,
      notes: drumPart(spec.drums.pattern, bars),
    });
  return writeMidi(spec.tempo, parts);
};
