import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';

/** Debian packages the media features need, and which feature needs each. */
export const SYSTEM_PACKAGES = [
  { command: 'ffmpeg', pkg: 'ffmpeg', feature: 'AI video composition and media duration checks' },
  { command: 'ffprobe', pkg: 'ffmpeg', feature: 'audio/video upload limits (duration)' },
  { command: 'espeak-ng', pkg: 'espeak-ng', feature: 'offline AI dubbing (text to speech)' },
  { command: 'pocketsphinx_batch', pkg: 'pocketsphinx', feature: 'offline subtitle timing (forced alignment; pauses otherwise)' },
  { command: 'tesseract', pkg: 'tesseract-ocr-chi-sim', feature: 'reading text inside uploaded pictures (moderation OCR)' },
] as const;

const FONT_PATHS = [
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
];

export const hasCommand = (command: string): boolean =>
  spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

export const findCjkFont = (): string | null => FONT_PATHS.find((p) => existsSync(p)) ?? null;

/** Logs plainly which feature lacks which package; the app runs without them. */
export const reportSystemPackages = (log: FastifyBaseLogger) => {
  for (const { command, pkg, feature } of SYSTEM_PACKAGES) {
    if (!hasCommand(command))
      log.warn(`${command} not found: ${feature} is unavailable. Install it with: apt-get install ${pkg}`);
  }
  if (!findCjkFont()) {
    log.warn(
      'No CJK font found: Chinese text in posters, images and subtitles cannot render. Install: apt-get install fonts-wqy-microhei',
    );
  }
};
