import './video-project.messages.js';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Locale } from '@app/contract';
import type { Clock } from '../../platform/clock.js';
import { badRequest } from '../../platform/errors.js';
import { translate } from '../../platform/i18n/i18n.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import type { Visibility } from '../../platform/storage/storage.js';
import { buildSrt } from '../voice/index.js';
import { staticFileFor } from './media-files.js';
import type { ScoreAudio } from './music/score-audio.js';
import { splitIntoScenes } from './pipeline/script.js';
import { buildSceneAss, type TimedText } from './pipeline/subtitles.js';
import type { RenderPayload } from './video.payload.js';
import type { VideoRepositories, VideoTaskView } from './video.repository.js';
import type { VideoSceneRow } from './video.table.js';
import type { VideoViews } from './video-views.js';

/** Where an entry's bytes come from: one of our stored files, a file on this server, or text made here. */
type Source = { stored: { key: string; visibility: Visibility } } | { file: string } | { text: string };

interface Entry {
  name: string;
  source: Source;
}

/** One scene as the description lists it. */
export interface ProjectScene {
  index: number;
  text: string;
  heading: boolean;
  /** Seconds in the finished video where its subtitles start and end (null when they cannot be told). */
  start: number | null;
  end: number | null;
  /** Seconds of its voice file. */
  seconds: number | null;
  picture: string | null;
  voice: string | null;
}

/** The project description (project.json). */
export interface ProjectDescription {
  format: 'ai-creator-video-project/1';
  title: string;
  aiGenerated: true;
  aiLabel: string;
  engine: string | null;
  template: { id: string; label: string; width: number; height: number };
  voice: string;
  speed: number;
  seconds: number;
  video: string;
  cover: string | null;
  subtitles: { srt: string; ass: string };
  music: string | null;
  scenes: ProjectScene[];
}

const letters = (text: string) => text.replace(/[\p{P}\p{S}\s]/gu, '');
const round = (seconds: number) => Math.round(seconds * 100) / 100;
const extOf = (name: string, fallback: string) => path.extname(name.split('?')[0]!).toLowerCase() || fallback;

/**
 * Where each line is in the video: the cues are the lines' text, in order, cut into pieces, so each line takes
 * the cues that spell it. A line the cues do not spell (and every line after it) gets no times.
 */
export const lineTimes = (lines: string[], cues: TimedText[]): ({ start: number; end: number } | null)[] => {
  let next = 0;
  let lost = false;
  return lines.map((line) => {
    const want = letters(line);
    let got = '';
    const first = cues[next];
    while (!lost && got.length < want.length && next < cues.length) got += letters(cues[next++]!.text);
    if (lost || !first || got !== want) {
      lost = true;
      return null;
    }
    return { start: round(first.start), end: round(cues[next - 1]!.end) };
  });
};

/** The stored address of a picture or music link: one of our files, or a file of the site's static folder. */
const sourceOfUrl = (url: string, storage: Pick<FileStorage, 'resolveOwnUrl'>): Source | null => {
  const file = staticFileFor(url);
  if (file) return { file };
  const own = storage.resolveOwnUrl(url, []);
  return own ? { stored: own } : null;
};

/** A scene's picture: its stored file, else the linked picture (article's or template's); null: none. */
const pictureSource = (
  scene: VideoSceneRow,
  payload: RenderPayload | null,
  storage: Pick<FileStorage, 'resolveOwnUrl'>,
): Source | null => {
  if (scene.pictureKey)
    return { stored: { key: scene.pictureKey, visibility: scene.pictureVisibility ?? 'private' } };
  if (scene.pictureKind === 'generated' || scene.pictureKind === 'color') return null;
  const linked = scene.pictureRef ?? payload?.templatePicture;
  return linked ? sourceOfUrl(linked, storage) : null;
};

/** A task's music as a file: the user's upload, one of the project's scores, or the site's track; null: none. */
const musicSource = async (
  payload: RenderPayload | null,
  deps: { storage: Pick<FileStorage, 'resolveOwnUrl'>; scoreAudio: ScoreAudio },
): Promise<Source | null> => {
  const music = payload?.music;
  if (!music) return null;
  if (music.stored) return { stored: music.stored };
  const score = music.score ? await deps.scoreAudio.fileFor(music.score) : null;
  if (score) return { file: score };
  return music.file ? sourceOfUrl(music.file, deps.storage) : null;
};

export interface ProjectZip {
  /** The zip's file name. */
  name: string;
  stream: Readable;
}

/**
 * 下载工程包: a finished video as a zip a user finishes in any editor. Files are streamed into the zip one at a
 * time (never held whole in memory); pictures, voices and the video keep the hidden AI labels they were stored
 * with, and the description says the content is AI-generated.
 */
export const createVideoProject = (deps: {
  store: VideoRepositories;
  clock: Clock;
  storage: Pick<FileStorage, 'read' | 'resolveOwnUrl'>;
  scoreAudio: ScoreAudio;
  views: Pick<VideoViews, 'findOwned'>;
}) => {
  const { storage } = deps;
  const { videos, storyboards } = deps.store.repos;

  /** Whether a source's bytes are there (a stored file may have been removed). */
  const exists = async (source: Source | null): Promise<boolean> => {
    if (!source) return false;
    if (!('stored' in source)) return true;
    const read = await storage.read(source.stored.key, source.stored.visibility, { start: 0, end: 0 });
    read?.stream.destroy();
    return read !== null;
  };

  const payloadOf = async (task: VideoTaskView) =>
    (task.renderPayload ?? (task.jobId ? await videos.jobPayload(task.jobId) : null)) as RenderPayload | null;

  /** The scenes' entries (pictures, voices) and their lines in the description, in order. */
  const sceneParts = async (task: VideoTaskView, payload: RenderPayload | null) => {
    const rows = await storyboards.scenes(task.id);
    const lines = rows.length
      ? rows.map((r) => ({ text: r.line, heading: r.heading }))
      : splitIntoScenes(task.text);
    const times = lineTimes(
      lines.map((l) => l.text),
      task.cues,
    );
    const width = Math.max(2, String(lines.length).length);
    const entries: Entry[] = [];
    const scenes: ProjectScene[] = [];
    for (const [i, line] of lines.entries()) {
      const row = rows[i];
      const stem = `scenes/${String(i + 1).padStart(width, '0')}`;
      const picture = row ? pictureSource(row, payload, storage) : null;
      const pictureName =
        picture && (await exists(picture))
          ? `${stem}-picture${extOf('stored' in picture ? picture.stored.key : 'file' in picture ? picture.file : '', '.png')}`
          : null;
      if (pictureName) entries.push({ name: pictureName, source: picture! });
      const voice: Source | null = row?.voiceKey
        ? { stored: { key: row.voiceKey, visibility: 'private' } }
        : null;
      const voiceName =
        voice && (await exists(voice)) ? `${stem}-voice${extOf(row!.voiceKey!, '.mp3')}` : null;
      if (voiceName) entries.push({ name: voiceName, source: voice! });
      scenes.push({
        index: i + 1,
        text: line.text,
        heading: line.heading,
        start: times[i]?.start ?? null,
        end: times[i]?.end ?? null,
        seconds: voiceName && row?.voiceSeconds ? round(row.voiceSeconds) : null,
        picture: pictureName,
        voice: voiceName,
      });
    }
    return { entries, scenes };
  };

  return {
    /** The project zip of one of my finished videos (refused until it is made, and once its files expired). */
    async project(actor: Actor, id: number): Promise<ProjectZip> {
      const task = await deps.views.findOwned(actor, id);
      const video: Source = {
        stored: { key: task.videoKey ?? '', visibility: task.filesPrivate ? 'private' : 'public' },
      };
      if (
        task.state !== 'succeeded' ||
        !task.videoKey ||
        deps.clock.now() >= task.expireAt ||
        !(await exists(video))
      )
        throw badRequest('video_project_unavailable');
      const payload = await payloadOf(task);
      const { entries, scenes } = await sceneParts(task, payload);
      const cover: Source | null = task.coverKey
        ? { stored: { key: task.coverKey, visibility: task.filesPrivate ? 'private' : 'public' } }
        : null;
      const coverName = (await exists(cover)) ? 'cover.jpg' : null;
      const music = await musicSource(payload, deps);
      const musicName =
        music && (await exists(music))
          ? `music${extOf('stored' in music ? music.stored.key : 'file' in music ? music.file : '', '.mp3')}`
          : null;
      const description: ProjectDescription = {
        format: 'ai-creator-video-project/1',
        title: task.title,
        aiGenerated: true,
        aiLabel: 'AI生成',
        engine: task.engine,
        template: { id: task.templateId, label: task.templateLabel, width: task.width, height: task.height },
        voice: task.voice,
        speed: task.speed,
        seconds: round(task.duration ?? 0),
        video: 'video.mp4',
        cover: coverName,
        subtitles: { srt: 'subtitles.srt', ass: 'subtitles.ass' },
        music: musicName,
        scenes,
      };
      const all: Entry[] = [
        { name: 'README.txt', source: { text: readme(description, actor.locale) } },
        { name: 'project.json', source: { text: `${JSON.stringify(description, null, 2)}\n` } },
        ...entries,
        { name: 'subtitles.srt', source: { text: buildSrt(task.cues) } },
        { name: 'subtitles.ass', source: { text: wholeAss(task, payload) } },
        ...(musicName ? [{ name: musicName, source: music! }] : []),
        ...(coverName ? [{ name: coverName, source: cover! }] : []),
        { name: 'video.mp4', source: video },
      ];
      return { name: `video-${task.id}-project.zip`, stream: zipOf(all, task.createdAt, storage) };
    },
  };
};
export type VideoProject = ReturnType<typeof createVideoProject>;

/** The whole video's subtitles as one ASS script, in the template's style and place (no title). */
const wholeAss = (task: VideoTaskView, payload: RenderPayload | null) =>
  payload
    ? buildSceneAss({ style: payload.style, seconds: task.duration ?? 0, title: null, cues: task.cues })
    : '';

/** README.txt: the description in the owner's language. */
const readme = (d: ProjectDescription, locale: Locale): string => {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(locale, `video_project_readme_${key}`, params);
  const none = t('no_file');
  const span = (s: ProjectScene) =>
    s.start !== null && s.end !== null ? `[${s.start.toFixed(2)}–${s.end.toFixed(2)} s] ` : '';
  return [
    d.title,
    '',
    t('ai'),
    '',
    t('video', {
      video: d.video,
      seconds: d.seconds,
      width: d.template.width,
      height: d.template.height,
      cover: d.cover ?? none,
      template: d.template.label,
    }),
    t('subtitles', d.subtitles),
    d.music ? t('music', { music: d.music }) : t('no_music'),
    '',
    t('scenes'),
    ...d.scenes.flatMap((s) => [
      `${s.index}. ${span(s)}${s.text}`,
      `   ${t('scene_files', { picture: s.picture ?? none, voice: s.voice ?? none, seconds: s.seconds ?? '–' })}`,
    ]),
    '',
    t('howto'),
    '',
  ].join('\r\n');
};

/**
 * The zip, streamed: entries are opened one at a time as the zip reaches them; media are stored as they are
 * (already compressed), text is deflated.
 */
const zipOf = (entries: Entry[], at: Date, storage: Pick<FileStorage, 'read'>): Readable => {
  const zip = new ZipFile();
  for (const { name, source } of entries) {
    if ('text' in source)
      zip.addBuffer(Buffer.from(source.text, 'utf8'), name, { mtime: at, compress: true });
    else if ('file' in source) zip.addFile(source.file, name, { mtime: at, compress: false });
    else
      zip.addReadStreamLazy(name, { mtime: at, compress: false }, (done) => {
        storage.read(source.stored.key, source.stored.visibility).then(
          (read) => (read ? done(null, read.stream) : done(new Error(`${name} is gone`), null as never)),
          (error: Error) => done(error, null as never),
        );
      });
  }
  zip.end();
  const out = zip.outputStream as Readable;
  zip.on('error', (error: Error) => out.destroy(error));
  return out;
};
