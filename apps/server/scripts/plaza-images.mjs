// Generates the demo plaza images under static/plaza/ (PNG scenes rendered with sharp, SVG avatars and
// posters, a short demo video and voice-over). Deterministic: running it again writes the same files. `node apps/server/scripts/plaza-images.mjs`
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = fileURLToPath(new URL('../static/plaza/', import.meta.url));
mkdirSync(out, { recursive: true });

let seed = 20260301;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const W = 800;
const H = 600;
const FONT = 'PingFang SC, Microsoft YaHei, Noto Sans CJK SC, WenQuanYi Micro Hei, sans-serif';

const sky = (id, top, bottom) =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#${id})"/>`;
const mountains = (base, color, peaks = 5, height = 200) => {
  let d = `M0 ${H} L0 ${base}`;
  for (let i = 0; i <= peaks; i += 1) {
    const x = (W / peaks) * i;
    d += ` L${x - W / peaks / 2} ${base - height * (0.4 + rand() * 0.6)} L${x} ${base - rand() * 40}`;
  }
  return `<path d="${d} L${W} ${H} Z" fill="${color}"/>`;
};
const stars = (n) =>
  Array.from(
    { length: n },
    () =>
      `<circle cx="${(rand() * W).toFixed(0)}" cy="${(rand() * H * 0.6).toFixed(0)}" r="${(rand() * 2 + 0.5).toFixed(1)}" fill="#fff" opacity="${(0.4 + rand() * 0.6).toFixed(2)}"/>`,
  ).join('');
const petals = (n, color) =>
  Array.from({ length: n }, () => {
    const x = rand() * W;
    const y = rand() * H;
    const r = 6 + rand() * 10;
    return `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="${r.toFixed(1)}" ry="${(r * 0.6).toFixed(1)}" fill="${color}" opacity="0.85" transform="rotate(${(rand() * 180).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})"/>`;
  }).join('');
const buildings = (n, color, lit) =>
  Array.from({ length: n }, (_, i) => {
    const w = W / n;
    const h = 150 + rand() * 280;
    const x = i * w;
    let windows = '';
    for (let y = H - h + 20; y < H - 20; y += 28) {
      for (let wx = x + 10; wx < x + w - 14; wx += 22) {
        if (rand() < 0.45)
          windows += `<rect x="${wx.toFixed(0)}" y="${y.toFixed(0)}" width="10" height="14" fill="${lit}"/>`;
      }
    }
    return `<rect x="${x.toFixed(0)}" y="${(H - h).toFixed(0)}" width="${(w - 4).toFixed(0)}" height="${h.toFixed(0)}" fill="${color}"/>${windows}`;
  }).join('');
const svg = (body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;

/** Scenes rendered to PNG (no text, so no fonts are needed). */
const scenes = {
  'spring-blossom': svg(
    sky('g', '#fde2ea', '#fff7f9') +
      `<path d="M0 520 Q200 470 400 520 T800 510 L800 600 L0 600 Z" fill="#b9e4c9"/>` +
      `<path d="M120 600 C140 420 200 320 330 240 M200 420 C260 380 330 380 380 360 M250 330 C230 260 250 220 280 180" stroke="#6b4a3a" stroke-width="14" fill="none" stroke-linecap="round"/>` +
      petals(140, '#f7a8c0') +
      petals(40, '#ffffff'),
  ),
  'sunset-sea': svg(
    sky('g', '#ff7e5f', '#feb47b') +
      `<circle cx="400" cy="360" r="90" fill="#ffd36e"/>` +
      `<rect y="360" width="${W}" height="240" fill="#2b5876"/>` +
      Array.from(
        { length: 14 },
        (_, i) =>
          `<rect x="${300 + rand() * 60 - i * 4}" y="${370 + i * 15}" width="${200 - i * 8 + rand() * 30}" height="4" fill="#ffd36e" opacity="${(0.8 - i * 0.05).toFixed(2)}"/>`,
      ).join('') +
      `<path d="M560 330 l40 -60 l40 60 Z" fill="#fff" opacity="0.9"/><rect x="596" y="330" width="8" height="20" fill="#333"/>`,
  ),
  'mountain-lake': svg(
    sky('g', '#89c4f4', '#dff1ff') +
      mountains(380, '#6c8ead', 4, 230) +
      mountains(420, '#4a6b8a', 6, 150) +
      `<rect y="420" width="${W}" height="180" fill="#5d9cc9"/>` +
      `<rect y="430" width="${W}" height="3" fill="#fff" opacity="0.5"/><rect y="470" x="120" width="300" height="2" fill="#fff" opacity="0.4"/>`,
  ),
  'city-night': svg(
    sky('g', '#0f2027', '#2c5364') +
      stars(80) +
      `<circle cx="640" cy="110" r="40" fill="#f4f1c9"/>` +
      buildings(12, '#1b2a38', '#ffd76a'),
  ),
  'starry-sky': svg(
    sky('g', '#0b1026', '#2b3a67') +
      stars(260) +
      `<path d="M0 160 Q400 60 800 200" stroke="#fff" stroke-width="60" opacity="0.07" fill="none"/>` +
      mountains(520, '#111827', 5, 120),
  ),
  forest: svg(
    sky('g', '#d4fc79', '#96e6a1') +
      Array.from({ length: 22 }, () => {
        const x = rand() * W;
        const h = 180 + rand() * 220;
        const y = H - 40;
        return `<rect x="${(x - 6).toFixed(0)}" y="${(y - 40).toFixed(0)}" width="12" height="40" fill="#6b4a3a"/><path d="M${x.toFixed(0)} ${(y - h).toFixed(0)} L${(x - h / 4).toFixed(0)} ${(y - 30).toFixed(0)} L${(x + h / 4).toFixed(0)} ${(y - 30).toFixed(0)} Z" fill="${rand() < 0.5 ? '#2f7d4a' : '#3f9b5e'}"/>`;
      }).join('') +
      `<rect y="${H - 40}" width="${W}" height="40" fill="#4c8b3f"/>`,
  ),
  desert: svg(
    sky('g', '#f6d365', '#fda085') +
      `<circle cx="180" cy="150" r="60" fill="#fff3c4"/>` +
      `<path d="M0 420 Q200 340 420 420 T800 400 L800 600 L0 600 Z" fill="#e0a96d"/><path d="M0 500 Q300 430 560 500 T800 480 L800 600 L0 600 Z" fill="#c98b4f"/>` +
      `<path d="M600 460 l0 -90 m0 30 l-24 0 l0 -30 m24 40 l24 0 l0 -40" stroke="#3d7a4a" stroke-width="14" stroke-linecap="round" fill="none"/>`,
  ),
  snow: svg(
    sky('g', '#a1c4fd', '#e6f0ff') +
      mountains(420, '#ffffff', 4, 220) +
      `<rect y="440" width="${W}" height="160" fill="#f4f8ff"/>` +
      Array.from(
        { length: 120 },
        () =>
          `<circle cx="${(rand() * W).toFixed(0)}" cy="${(rand() * H).toFixed(0)}" r="${(rand() * 3 + 1).toFixed(1)}" fill="#fff"/>`,
      ).join(''),
  ),
  cat: svg(
    sky('g', '#ffecd2', '#fcb69f') +
      `<ellipse cx="400" cy="430" rx="170" ry="120" fill="#f29e4c"/>` +
      `<circle cx="400" cy="280" r="110" fill="#f29e4c"/>` +
      `<path d="M310 220 L300 120 L370 190 Z M490 220 L500 120 L430 190 Z" fill="#f29e4c"/>` +
      `<circle cx="360" cy="270" r="14" fill="#333"/><circle cx="440" cy="270" r="14" fill="#333"/><path d="M390 305 l10 10 l10 -10 Z" fill="#d9534f"/>` +
      `<path d="M330 310 l-60 -8 M330 320 l-60 8 M470 310 l60 -8 M470 320 l60 8" stroke="#333" stroke-width="3"/>` +
      `<path d="M560 470 Q660 420 620 330" stroke="#f29e4c" stroke-width="36" fill="none" stroke-linecap="round"/>`,
  ),
  coffee: svg(
    sky('g', '#e0c3a0', '#f5e6d3') +
      `<ellipse cx="400" cy="470" rx="230" ry="50" fill="#fff" opacity="0.9"/>` +
      `<path d="M260 260 L540 260 L510 460 L290 460 Z" fill="#ffffff"/><path d="M540 300 q80 10 50 90 q-20 40 -60 30" stroke="#ffffff" stroke-width="22" fill="none"/>` +
      `<ellipse cx="400" cy="262" rx="140" ry="26" fill="#6f4e37"/><path d="M370 262 q30 -20 60 0 q-30 20 -60 0" fill="#f5e6d3"/>` +
      `<path d="M360 220 q-20 -40 10 -80 M420 220 q-20 -40 10 -80" stroke="#fff" stroke-width="8" fill="none" opacity="0.7"/>`,
  ),
  hotpot: svg(
    sky('g', '#f83600', '#f9d423') +
      `<ellipse cx="400" cy="380" rx="280" ry="120" fill="#3b3b3b"/><ellipse cx="400" cy="350" rx="260" ry="100" fill="#c0392b"/>` +
      `<path d="M400 250 L400 450" stroke="#3b3b3b" stroke-width="12"/>` +
      Array.from(
        { length: 30 },
        () =>
          `<circle cx="${(180 + rand() * 440).toFixed(0)}" cy="${(300 + rand() * 100).toFixed(0)}" r="${(6 + rand() * 10).toFixed(0)}" fill="${['#f1c40f', '#27ae60', '#ecf0f1', '#e67e22'][Math.floor(rand() * 4)]}"/>`,
      ).join(''),
  ),
  lantern: svg(
    sky('g', '#3a0b0b', '#7a1010') +
      Array.from({ length: 6 }, (_, i) => {
        const x = 90 + i * 125;
        const y = 150 + (i % 2) * 80;
        return `<line x1="${x}" y1="0" x2="${x}" y2="${y - 50}" stroke="#f1c40f" stroke-width="3"/><ellipse cx="${x}" cy="${y}" rx="48" ry="56" fill="#e74c3c"/><rect x="${x - 22}" y="${y - 62}" width="44" height="12" fill="#f1c40f"/><rect x="${x - 22}" y="${y + 50}" width="44" height="12" fill="#f1c40f"/><line x1="${x}" y1="${y + 62}" x2="${x}" y2="${y + 100}" stroke="#f1c40f" stroke-width="4"/>`;
      }).join(''),
  ),
  tea: svg(
    sky('g', '#c1dfc4', '#deecdd') +
      `<ellipse cx="400" cy="470" rx="260" ry="40" fill="#8d6e63" opacity="0.5"/>` +
      `<path d="M250 300 Q250 460 400 460 Q550 460 550 300 Z" fill="#f5f5f5"/><ellipse cx="400" cy="300" rx="150" ry="30" fill="#9ccc65"/>` +
      `<path d="M600 420 q40 -60 80 -20 q-20 50 -80 20 Z" fill="#558b2f"/><path d="M140 430 q-30 -60 -80 -30 q20 50 80 30 Z" fill="#689f38"/>`,
  ),
  panda: svg(
    sky('g', '#d4fc79', '#f1ffe0') +
      Array.from(
        { length: 9 },
        (_, i) =>
          `<rect x="${30 + i * 90}" y="0" width="16" height="${H}" fill="#7cb342"/><rect x="${30 + i * 90}" y="${120 + (i % 3) * 110}" width="16" height="6" fill="#558b2f"/>`,
      ).join('') +
      `<ellipse cx="400" cy="440" rx="150" ry="120" fill="#fff"/><circle cx="400" cy="280" r="100" fill="#fff"/>` +
      `<circle cx="320" cy="200" r="36" fill="#222"/><circle cx="480" cy="200" r="36" fill="#222"/>` +
      `<ellipse cx="360" cy="280" rx="26" ry="34" fill="#222"/><ellipse cx="440" cy="280" rx="26" ry="34" fill="#222"/><circle cx="400" cy="320" r="12" fill="#222"/>`,
  ),
  'ai-robot': svg(
    sky('g', '#4facfe', '#00f2fe') +
      `<rect x="270" y="180" width="260" height="200" rx="40" fill="#ffffff"/><rect x="300" y="220" width="200" height="110" rx="24" fill="#1e3a5f"/>` +
      `<circle cx="355" cy="275" r="22" fill="#00e5ff"/><circle cx="445" cy="275" r="22" fill="#00e5ff"/>` +
      `<line x1="400" y1="180" x2="400" y2="130" stroke="#fff" stroke-width="8"/><circle cx="400" cy="120" r="16" fill="#ff4081"/>` +
      `<rect x="310" y="390" width="180" height="150" rx="30" fill="#ffffff"/>` +
      Array.from(
        { length: 16 },
        () =>
          `<rect x="${(rand() * W).toFixed(0)}" y="${(rand() * H).toFixed(0)}" width="8" height="8" fill="#fff" opacity="0.5"/>`,
      ).join(''),
  ),
  'video-cover': svg(
    sky('g', '#667eea', '#764ba2') +
      `<rect x="140" y="110" width="520" height="380" rx="30" fill="#000" opacity="0.25"/>` +
      `<circle cx="400" cy="300" r="80" fill="#fff" opacity="0.9"/><path d="M375 255 L445 300 L375 345 Z" fill="#764ba2"/>`,
  ),
};

for (const [name, body] of Object.entries(scenes)) {
  await sharp(Buffer.from(body))
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toFile(path.join(out, `${name}.png`));
}

/** Avatars and posters as SVG (the browser renders their Chinese text). */
const avatars = {
  'avatar-lin': ['#ff8a65', '林'],
  'avatar-zhou': ['#4db6ac', '周'],
  'avatar-chen': ['#7986cb', '陈'],
  'avatar-su': ['#f06292', '苏'],
  'avatar-wang': ['#9575cd', '王'],
  'avatar-he': ['#4fc3f7', '禾'],
};
for (const [name, [color, char]] of Object.entries(avatars)) {
  writeFileSync(
    path.join(out, `${name}.svg`),
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120"><circle cx="60" cy="60" r="60" fill="${color}"/><text x="60" y="78" text-anchor="middle" font-family="${FONT}" font-size="52" font-weight="700" fill="#fff">${char}</text></svg>\n`,
  );
}

const posters = {
  'poster-copy': ['#2384F5', '#6fb1ff', 'AI 文案', '一句话生成小红书爆款标题'],
  'poster-video': ['#ff6a88', '#ff99ac', 'AI 成片', '文章一键变短视频'],
  'poster-dub': ['#43cea2', '#185a9d', 'AI 配音', '普通话 · 粤语 · 英语'],
};
for (const [name, [from, to, title, sub]] of Object.entries(posters)) {
  writeFileSync(
    path.join(out, `${name}.svg`),
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#g)"/><circle cx="680" cy="120" r="160" fill="#fff" opacity="0.12"/><circle cx="90" cy="520" r="120" fill="#fff" opacity="0.1"/><text x="400" y="290" text-anchor="middle" font-family="${FONT}" font-size="92" font-weight="700" fill="#fff">${title}</text><text x="400" y="370" text-anchor="middle" font-family="${FONT}" font-size="36" fill="#fff" opacity="0.92">${sub}</text><text x="400" y="540" text-anchor="middle" font-family="${FONT}" font-size="26" fill="#fff" opacity="0.8">AI创作家</text></svg>\n`,
  );
}
// Demo media (needs espeak-ng and ffmpeg; skipped without them): a Mandarin voice-over and a 15 s video.
const tools = ['espeak-ng', 'ffmpeg'].every((tool) => spawnSync(tool, ['--version']).status === 0);
if (tools) {
  const wav = path.join(out, '.dub.wav');
  const run = (cmd, args) => {
    const result = spawnSync(cmd, args, { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${cmd} failed`);
  };
  run('espeak-ng', ['-v', 'cmn', '-s', '150', '-w', wav, '大家好，欢迎来到AI创作家。一键生成AI文案和视频。']);
  run('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-i',
    wav,
    '-ac',
    '1',
    '-ar',
    '22050',
    '-b:a',
    '32k',
    path.join(out, 'demo-dub.mp3'),
  ]);
  run('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-loop',
    '1',
    '-i',
    path.join(out, 'video-cover.png'),
    '-i',
    wav,
    '-vf',
    "scale=480:360,zoompan=z='min(zoom+0.0015,1.2)':d=1:s=480x360:fps=15,format=yuv420p",
    '-c:v',
    'libx264',
    '-preset',
    'veryslow',
    '-crf',
    '32',
    '-r',
    '15',
    '-c:a',
    'aac',
    '-b:a',
    '32k',
    '-shortest',
    '-movflags',
    '+faststart',
    path.join(out, 'demo-video.mp4'),
  ]);
  rmSync(wav);
}
console.log(`plaza images written to ${out}`);
