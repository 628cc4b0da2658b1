import type { DrawOptions, VideoOptions, VoiceOptions } from '@app/contract';

/** The drawing form's options as the offline engine answers them; a test changes what it is about. */
export const drawOptions = (overrides: Partial<DrawOptions> = {}): DrawOptions => ({
  engine: 'offline',
  offline: true,
  goldPerImage: 30,
  maxPromptChars: 1000,
  roleImages: false,
  sourceImage: false,
  styles: ['none', 'watercolor'],
  ratios: ['1:1', '3:4'],
  goldPerUpscale: 10,
  upscaleScales: [2, 4],
  upscaleEngine: 'esrgan-slim',
  ...overrides,
});

/** The video form's options with one 9:16 template; a test changes what it is about. */
export const videoOptions = (overrides: Partial<VideoOptions> = {}): VideoOptions => ({
  templates: [
    {
      value: 'talk-vertical',
      label: '竖屏口播',
      description: '9:16 竖屏',
      cover: '/static/images/video-bg-talk-vertical.svg',
      width: 1080,
      height: 1920,
      fontSize: 64,
      fontColor: '#FFFFFF',
      font: 'WenQuanYi Micro Hei',
      background: '#101828',
      subtitleAnchor: 8,
      titleAnchor: 2,
      bgm: 'bgm-morning',
      inserts: [],
      transition: 'fade',
      safeArea: { top: 8, bottom: 8, side: 6 },
    },
  ],
  bgms: [],
  perSecondWord: 5,
  goldPerWord: 20,
  saveVideoTime: 604800,
  drawAvailable: true,
  inserts: [],
  ...overrides,
});

/** The dubbing voices a video or dubbing form offers: one offline espeak-ng voice; a test changes what it is about. */
export const voiceOptions = (overrides: Partial<VoiceOptions> = {}): VoiceOptions => ({
  goldPerWord: 20,
  goldPerSubtitleMinute: 0,
  transcribes: false,
  voices: [
    {
      value: 'f3',
      label: '小雅',
      engine: 'espeak-ng',
      lang: 'zh-CN',
      gender: 'female',
      vipOnly: false,
      description: '',
      maxChars: 1000,
      available: true,
      offline: true,
    },
  ],
  ...overrides,
});
