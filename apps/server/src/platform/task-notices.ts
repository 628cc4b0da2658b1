import { LOCALES, type Locale } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import { hasMessage, translate } from './i18n/i18n.js';
import type { StoredTranslations } from './i18n/stored-translations.js';
import type { Notify, NotifyInput } from './notify.js';
import './task-notices.messages.js';

/** The AI tasks whose outcome reaches their owner's message centre. */
export type TaskNoticeKind = 'drawing' | 'dubbing' | 'subtitles' | 'video';

/** What a task notice says: how it ended, which task, where it broke and what gold went back. */
export type TaskOutcome =
  | { kind: TaskNoticeKind; taskId: number; name: string | null; succeeded: true }
  | {
      kind: TaskNoticeKind;
      taskId: number;
      name: string | null;
      succeeded: false;
      /** The job stage it stopped at (a handler's progress stage); null or unknown = before it started. */
      stage: string | null;
      /** Gold given back to the owner (0: nothing had been charged). */
      goldReturned: number;
    };

/** The page that shows each kind of task (app routes, opened from the message centre). */
const LINKS: Record<TaskNoticeKind, (id: number) => string> = {
  drawing: (id) => `/draw/home/detail?id=${id}`,
  dubbing: (id) => `/media/dub/list?id=${id}`,
  subtitles: (id) => `/media/dub/index?tab=srt&id=${id}`,
  video: (id) => `/media/video/list?id=${id}`,
};

const NAME_CHARS = 20;

/** The user's own words that name the task, cut short on one line (the prompt, the text, the title). */
const shortName = (name: string | null): string | null => {
  const line = (name ?? '').replace(/\s+/g, ' ').trim();
  if (!line) return null;
  const chars = [...line];
  return chars.length > NAME_CHARS ? `${chars.slice(0, NAME_CHARS).join('')}…` : line;
};

const stageText = (locale: Locale, stage: string | null) => {
  const key = `task_stage_${stage ?? 'start'}`;
  return translate(locale, hasMessage(key) ? key : 'task_stage_start');
};

const textsIn = (locale: Locale, outcome: TaskOutcome) => {
  const name = shortName(outcome.name) ?? translate(locale, `task_notice_${outcome.kind}_unnamed`);
  const title = translate(locale, `task_notice_${outcome.kind}_${outcome.succeeded ? 'succeeded' : 'failed'}`);
  if (outcome.succeeded) return { title, content: translate(locale, 'task_notice_succeeded_content', { name }) };
  const params = { name, stage: stageText(locale, outcome.stage), gold: outcome.goldReturned };
  const key = outcome.goldReturned > 0 ? 'task_notice_failed_refunded' : 'task_notice_failed_free';
  return { title, content: translate(locale, key, params) };
};

/**
 * The message-centre notice of a task's outcome: zh-Hans stored with the other four languages (the reader sees
 * theirs), linking to the task's page, sent once per task whichever process or retry gets there first.
 */
export const taskNotice = (outcome: TaskOutcome): NotifyInput => {
  const i18n: StoredTranslations = {};
  for (const locale of LOCALES) if (locale !== 'zh-Hans') i18n[locale] = textsIn(locale, outcome);
  return {
    type: 'job',
    ...textsIn('zh-Hans', outcome),
    link: LINKS[outcome.kind](outcome.taskId),
    i18n,
    data: {
      task: outcome.kind,
      taskId: outcome.taskId,
      succeeded: outcome.succeeded,
      ...(outcome.succeeded ? {} : { stage: outcome.stage, goldReturned: outcome.goldReturned }),
    },
    once: `task:${outcome.kind}:${outcome.taskId}`,
  };
};

/**
 * Sends a task's outcome notice; call it after the outcome's transaction committed. A notice that cannot be
 * sent is logged and never fails the task (its result and gold are already settled).
 */
const sendTaskNotice = async (
  notify: Notify,
  log: Pick<FastifyBaseLogger, 'warn'> | undefined,
  tenantId: number,
  userId: number,
  outcome: TaskOutcome,
): Promise<void> => {
  try {
    await notify(tenantId, userId, taskNotice(outcome));
  } catch (error) {
    log?.warn({ err: error, task: outcome.kind, taskId: outcome.taskId }, 'task notice failed');
  }
};

/** What a module needs to tell owners about their tasks. */
export type TaskNotices = (tenantId: number, userId: number, outcome: TaskOutcome) => Promise<void>;

export const createTaskNotices =
  (notify: Notify, log?: Pick<FastifyBaseLogger, 'warn'>): TaskNotices =>
  (tenantId, userId, outcome) =>
    sendTaskNotice(notify, log, tenantId, userId, outcome);
