/**
 * A Standard MIDI File writer (format 1, one track per part), just enough for the project's own scores:
 * note on/off, program change, channel volume and tempo. Times are in ticks (TICKS_PER_BEAT per quarter note).
 */

export const TICKS_PER_BEAT = 480;

export interface MidiNote {
  /** Start, in ticks from the beginning. */
  at: number;
  /** Length in ticks. */
  length: number;
  /** MIDI key number (60 = middle C). */
  key: number;
  velocity: number;
}

export interface MidiPart {
  /** 0–15; 9 is General MIDI's percussion channel (keys are drum sounds, the program is ignored). */
  channel: number;
  /** General MIDI program number (0-based). */
  program: number;
  /** Channel volume, 0–127. */
  volume: number;
  notes: MidiNote[];
}

const varLength = (value: number): number[] => {
  const bytes = [value & 0x7f];
  for (let rest = value >> 7; rest > 0; rest >>= 7) bytes.unshift((rest & 0x7f) | 0x80);
  return bytes;
};

const chunk = (type: string, body: number[]): Buffer => {
  const header = Buffer.alloc(8);
  header.write(type, 0, 'ascii');
  header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, Buffer.from(body)]);
};

/** Events at absolute ticks, written with delta times; at equal times note-offs go before note-ons. */
const trackBody = (events: { at: number; order: number; bytes: number[] }[]): number[] => {
  events.sort((a, b) => a.at - b.at || a.order - b.order);
  const body: number[] = [];
  let now = 0;
  for (const event of events) {
    body.push(...varLength(event.at - now), ...event.bytes);
    now = event.at;
  }
  body.push(0, 0xff, 0x2f, 0x00); // end of track
  return body;
};

const clamp7 = (value: number) => Math.max(0, Math.min(127, Math.round(value)));

/** The bytes of a format-1 MIDI file: a tempo track, then one track per part. */
export const writeMidi = (tempoBpm: number, parts: MidiPart[]): Buffer => {
  const microsPerBeat = Math.round(60_000_000 / tempoBpm);
  const tempoTrack = trackBody([
    {
      at: 0,
      order: 0,
      bytes: [
        0xff,
        0x51,
        0x03,
        (microsPerBeat >> 16) & 0xff,
        (microsPerBeat >> 8) & 0xff,
        microsPerBeat & 0xff,
      ],
    },
  ]);
  const tracks = parts.map((part) => {
    const channel = part.channel & 0x0f;
    const events = [
      { at: 0, order: 0, bytes: [0xc0 | channel, part.program & 0x7f] },
      { at: 0, order: 0, bytes: [0xb0 | channel, 7, clamp7(part.volume)] },
    ];
    for (const note of part.notes) {
      const key = clamp7(note.key);
      events.push({
        at: note.at,
        order: 2,
        bytes: [0x90 | channel, key, Math.max(1, clamp7(note.velocity))],
      });
      events.push({ at: note.at + Math.max(1, note.length), order: 1, bytes: [0x80 | channel, key, 0] });
    }
    return chunk('MTrk', trackBody(events));
  });
  const header = [0, 1, 0, parts.length + 1, (TICKS_PER_BEAT >> 8) & 0xff, TICKS_PER_BEAT & 0xff];
  return Buffer.concat([chunk('MThd', header), chunk('MTrk', tempoTrack), ...tracks]);
};
