/**
 * The demo home banners' pictures (static/images/banner-*.svg): gradients and shapes only, never words. The
 * home tab prints each banner's caption over its picture in the reader's language (common info `title`, stored
 * in five languages), so text inside the picture would collide with it and stay Chinese in en, es and fr.
 * The caption sits at the bottom left: the shapes keep to the right half.
 * banner-art.test.ts checks the files are these; `UPDATE_BANNER_ART=1 npx vitest run src/banner-art.test.ts`
 * rewrites them after a change here.
 */
const W = 690;
const H = 280;

const frame = (id: string, from: string, to: string, shapes: string): string =>
  [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" rx="24" fill="url(#${id})"/>`,
    '<circle cx="120" cy="-20" r="140" fill="#fff" opacity=".06"/><circle cx="40" cy="260" r="90" fill="#fff" opacity=".05"/>',
    shapes,
    '</svg>',
    '',
  ].join('\n');

/** AI video: a play button on a film strip. */
const video = frame(
  'gv',
  '#2384F5',
  '#6A5CFF',
  [
    '<rect x="400" y="56" width="230" height="168" rx="18" fill="#fff" opacity=".16"/>',
    ...[0, 1, 2, 3, 4].map((i) => `<rect x="${414 + i * 44}" y="66" width="24" height="14" rx="4" fill="#fff" opacity=".5"/>`),
    ...[0, 1, 2, 3, 4].map((i) => `<rect x="${414 + i * 44}" y="200" width="24" height="14" rx="4" fill="#fff" opacity=".5"/>`),
    '<circle cx="515" cy="140" r="44" fill="#fff" opacity=".92"/>',
    '<path d="M500 116 L540 140 L500 164 Z" fill="#4B6CF7"/>',
  ].join(''),
);

/** Check-in: a calendar page with a tick and coins. */
const sign = frame(
  'gs',
  '#FF8A3D',
  '#FF4E6A',
  [
    '<rect x="420" y="60" width="170" height="160" rx="18" fill="#fff" opacity=".92"/>',
    '<rect x="420" y="60" width="170" height="42" rx="18" fill="#FFD2B8"/>',
    '<rect x="452" y="46" width="12" height="32" rx="6" fill="#fff"/><rect x="546" y="46" width="12" height="32" rx="6" fill="#fff"/>',
    '<path d="M466 160 L494 186 L548 128" fill="none" stroke="#FF5A5F" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>',
    '<circle cx="380" cy="200" r="26" fill="#FFD25E"/><circle cx="380" cy="200" r="16" fill="none" stroke="#F4A91F" stroke-width="4"/>',
    '<circle cx="626" cy="96" r="20" fill="#FFD25E"/><circle cx="626" cy="96" r="11" fill="none" stroke="#F4A91F" stroke-width="4"/>',
  ].join(''),
);

/** Membership: a crown over a diamond. */
const vip = frame(
  'gp',
  '#3A2E1E',
  '#B8893B',
  [
    '<path d="M430 150 L452 74 L494 118 L520 62 L546 118 L588 74 L610 150 Z" fill="#F6D58E"/>',
    '<rect x="430" y="154" width="180" height="22" rx="8" fill="#E8B956"/>',
    '<circle cx="452" cy="70" r="10" fill="#FFF1C9"/><circle cx="520" cy="58" r="10" fill="#FFF1C9"/><circle cx="588" cy="70" r="10" fill="#FFF1C9"/>',
    '<path d="M488 196 L506 184 L534 184 L552 196 L520 232 Z" fill="#fff" opacity=".85"/>',
  ].join(''),
);

export const BANNER_ART: Readonly<Record<string, string>> = {
  'banner-video.svg': video,
  'banner-sign.svg': sign,
  'banner-vip.svg': vip,
};
