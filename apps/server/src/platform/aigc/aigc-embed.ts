import { aigcJson, parseAigcJson, type AigcLabel } from './aigc-label.js';

/** The namespace GB 45438-2025's XMP example uses for the `AIGC` property. */
export const TC260_NS = 'http://www.tc260.org.cn/ns/AIGC/1.0/';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const unescapeXml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');

/** An XMP packet holding the label (sharp's `withXmp` writes it as PNG iTXt, JPEG APP1 or WebP's XMP chunk). */
export const aigcXmp = (label: AigcLabel): string =>
  `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>` +
  `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
  `<rdf:Description rdf:about="" xmlns:TC260="${TC260_NS}"><TC260:AIGC>${escapeXml(aigcJson(label))}</TC260:AIGC>` +
  `</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

/** The label inside an XMP packet (element or attribute form), or null. */
export const labelFromXmp = (xmp: string): AigcLabel | null => {
  const element = /<(\w+):AIGC>([\s\S]*?)<\/\1:AIGC>/.exec(xmp);
  const attribute = /\s(\w+):AIGC="([^"]*)"/.exec(xmp);
  const text = element?.[2] ?? attribute?.[2];
  return text ? parseAigcJson(unescapeXml(text)) : null;
};

/**
 * ffmpeg output options that write the label: an MP4's container metadata (`-movflags use_metadata_tags` keeps a
 * key of our own) or an MP3's ID3v2 `TXXX` frame named AIGC.
 */
export const aigcFfmpegArgs = (label: AigcLabel, container: 'mp4' | 'mp3'): string[] => [
  '-metadata',
  `AIGC=${aigcJson(label)}`,
  ...(container === 'mp4' ? ['-movflags', '+use_metadata_tags+faststart'] : ['-id3v2_version', '3']),
];

/** The `[Script Info]` line of an ASS subtitle file. */
export const aigcAssLine = (label: AigcLabel): string => `AIGC: ${aigcJson(label)}`;

/** Puts the label line into an ASS file's `[Script Info]` section (once). */
export const withAssLabel = (ass: string, label: AigcLabel): string => {
  const cleaned = ass.replace(/^AIGC: .*\r?\n/m, '');
  return cleaned.replace(/^\[Script Info\]\r?\n/m, (head) => `${head}${aigcAssLine(label)}\n`);
};

/** The label of an ASS file's `[Script Info]`, or null. */
export const labelFromAss = (ass: string): AigcLabel | null => {
  const line = /^AIGC: (.*)$/m.exec(ass);
  return line ? parseAigcJson(line[1]!.trim()) : null;
};
