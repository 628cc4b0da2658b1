import {
  dictDataSchemas,
  UPLOAD_RULES,
  type Locale,
  type MusicScoreId,
  type VideoBgm,
  type VideoOptions,
  type VideoTemplate,
} from '@app/contract';
import type { Db } from '../../platform/db/client.js';
import { badRequest } from '../../platform/errors.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { getAppConfig, getDictionary } from '../dictionary/index.js';
import type { Clip } from './pipeline/render.js';
import { defaultSafeMargins, type SafeMargins } from './pipeline/subtitles.js';
import type { VideoMusic } from './video.payload.js';

const DEFAULT_FONT = 'WenQuanYi Micro Hei';
const DEFAULT_BACKGROUND = '#000000';

/** A user's own music: within the spec's media audio limits (a short tolerance on the measured length). */
const OWN_MUSIC_RULE = UPLOAD_RULES.media.audio!;
const OWN_MUSIC_TOLERANCE_SECONDS = 0.25;

/** A video_template item's data (dictDataSchemas.video_template). */
interface TemplateData {
  cover: string;
  width: number;
  height: number;
  fontSize: number;
  fontColor: string;
  subtitlePosition: number;
  bgm: string | null;
  transition: string;
  description: string;
  titlePosition?: number;
  font?: string;
  background?: string;
  inserts?: string[];
  safeArea?: SafeMargins;
}
/** An app_bgm item's data. */
type BgmData = { mood: string; duration: number; url: string | null; lavfi: string; score?: MusicScoreId };
type InsertData = { position: 'start' | 'end'; duration: number; text: string; background: string };

/**
 * What a video can be made with, from the dictionary: templates, music tracks and intro/outro clips (the page's
 * options), and the checks of a request's template, music and clips.
 */
export const createVideoCatalog = (deps: {
  db: Db;
  storage: Pick<FileStorage, 'ownFile'>;
  drawAvailable: () => Promise<boolean>;
}) => {
  const { db, storage } = deps;

  const parsedItems = async <T>(
    tenantId: number,
    name: 'video_template' | 'app_bgm' | 'app_video_insert',
    locale?: Locale,
  ) => {
    const { items } = await getDictionary(db, tenantId, name, locale);
    return items.flatMap((item) => {
      const parsed = dictDataSchemas[name].safeParse(item.data);
      return parsed.success ? [{ value: item.value, label: item.label, data: parsed.data as T }] : [];
    });
  };

  /** With a `locale`: names and descriptions in that language, for the page that lists them. */
  const templates = async (tenantId: number, locale?: Locale): Promise<VideoTemplate[]> =>
    (await parsedItems<TemplateData>(tenantId, 'video_template', locale)).map(({ value, label, data }) => ({
      value,
      label,
      description: data.description,
      cover: data.cover,
      width: data.width,
      height: data.height,
      fontSize: data.fontSize,
      fontColor: data.fontColor,
      font: data.font ?? DEFAULT_FONT,
      background: data.background ?? DEFAULT_BACKGROUND,
      subtitleAnchor: data.subtitlePosition,
      titleAnchor: data.titlePosition ?? 2,
      bgm: data.bgm,
      inserts: data.inserts ?? [],
      transition: data.transition,
      safeArea: data.safeArea ?? defaultSafeMargins(data.width, data.height),
    }));

  const bgms = (tenantId: number, locale?: Locale) => parsedItems<BgmData>(tenantId, 'app_bgm', locale);
  const insertItems = (tenantId: number, locale?: Locale) =>
    parsedItems<InsertData>(tenantId, 'app_video_insert', locale);

  return {
    templates,
    bgms,

    async templateOf(tenantId: number, value: string | undefined) {
      if (!value) return undefined;
      const template = (await templates(tenantId)).find((t) => t.value === value);
      if (!template) throw badRequest('video_template_unknown');
      return template;
    },

    /** What plays for an app_bgm item (its score, with its file or synth where the score cannot play). */
    musicOfBgm: (data: BgmData): VideoMusic => ({
      ...(data.score ? { score: data.score } : {}),
      ...(data.url ? { file: data.url } : { lavfi: data.lavfi }),
    }),

    /** The caller's own uploaded audio, checked against the media audio limits. */
    async ownMusic({ tenantId, uid }: Actor, fileId: number): Promise<VideoMusic> {
      const file = await storage.ownFile(tenantId, uid, fileId);
      if (
        !file ||
        file.kind !== 'audio' ||
        file.size > OWN_MUSIC_RULE.maxBytes ||
        (file.duration ?? Infinity) > (OWN_MUSIC_RULE.maxSeconds ?? Infinity) + OWN_MUSIC_TOLERANCE_SECONDS
      ) {
        throw badRequest('video_music_file_invalid');
      }
      return { stored: { key: file.storageKey, visibility: file.visibility } };
    },

    /**
     * The clips the user picked (none unless they did): for each position picked, the template's own insert of
     * that position if it names one, else the first app_video_insert item of that position.
     */
    async clipsOf(
      tenantId: number,
      template: VideoTemplate | undefined,
      picked: { intro?: boolean; outro?: boolean },
    ): Promise<Clip[]> {
      if (!picked.intro && !picked.outro) return [];
      const inserts = await insertItems(tenantId);
      const pick = (position: 'start' | 'end') =>
        inserts.find((i) => i.data.position === position && template?.inserts.includes(i.value)) ??
        inserts.find((i) => i.data.position === position);
      return [...(picked.intro ? [pick('start')] : []), ...(picked.outro ? [pick('end')] : [])].flatMap(
        (item) =>
          item
            ? [
                {
                  position: item.data.position,
                  seconds: item.data.duration,
                  text: item.data.text,
                  background: item.data.background,
                },
              ]
            : [],
      );
    },

    /** The form's options: templates, clips and music in the caller's language, prices and what can draw. */
    async options({ tenantId, locale }: Actor): Promise<VideoOptions> {
      const [list, music, config, inserts] = await Promise.all([
        templates(tenantId, locale),
        bgms(tenantId, locale),
        getAppConfig(db, tenantId),
        insertItems(tenantId, locale),
      ]);
      return {
        templates: list,
        inserts: inserts.map(({ value, label, data }) => ({
          value,
          label,
          position: data.position,
          seconds: data.duration,
        })),
        bgms: music.map(({ value, label, data }): VideoBgm => ({
          value,
          label,
          mood: data.mood,
          duration: data.duration,
        })),
        perSecondWord: config.prices.perSecondWord,
        goldPerWord: config.prices.goldPerVideoWord,
        saveVideoTime: config.saveVideoTime,
        drawAvailable: await deps.drawAvailable(),
      };
    },
  };
};
export type VideoCatalog = ReturnType<typeof createVideoCatalog>;
