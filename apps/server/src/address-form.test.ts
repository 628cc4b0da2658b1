import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { hasMessage, translate } from './platform/i18n/i18n.js';
import { taskNotice, type TaskNoticeKind } from './platform/task-notices.js';
import './modules/commerce/decision.messages.js';
import './modules/activity/mall-shipping.messages.js';
import './modules/users/operator.messages.js';
import './modules/real-name/real-name.messages.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every file under `dir` (recursively) whose name passes `keep`. */
const filesUnder = (dir: string, keep: (name: string) => boolean): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(full, keep);
    return keep(entry.name) ? [full] : [];
  });

/**
 * Issue 27 point 3: the product speaks to its users one way, with 你 (the app's tone), never 您: every server
 * message catalogue (errors and notices, zh-Hans and zh-Hant entries alike) and every web and console locale file.
 */
describe('one form of address', () => {
  const catalogues = [
    ...filesUnder(path.join(root, 'apps/server/src'), (name) => /(\.messages|base-messages)\.ts$/.test(name)),
    ...filesUnder(path.join(root, 'apps/web/src'), (name) => /^zh-Han[st]\.ts$/.test(name)),
    ...filesUnder(path.join(root, 'apps/admin/src'), (name) => /^zh-Han[st]\.ts$/.test(name)),
  ];

  it('finds the catalogues (server messages, web and console locales)', () => {
    expect(catalogues.filter((file) => file.endsWith('.messages.ts')).length).toBeGreaterThan(15);
    expect(catalogues.filter((file) => file.includes('/apps/web/')).length).toBeGreaterThan(20);
  });

  it('no zh-Hans or zh-Hant catalogue entry says 您', () => {
    const found = catalogues.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, where: `${path.relative(root, file)}:${index + 1}` }))
        .filter(({ line }) => line.includes('您'))
        .map(({ where, line }) => `${where} ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});

describe('a notice’s body does not repeat its title', () => {
  const differ = (title: string, content: string) => {
    expect(content.trim()).not.toBe('');
    expect(content).not.toBe(title);
    expect(content).not.toContain(title);
  };

  it('task notices, in every language, success and failure', () => {
    for (const kind of ['drawing', 'dubbing', 'subtitles', 'video'] as TaskNoticeKind[])
      for (const outcome of [
        { kind, taskId: 1, name: '春天来了', succeeded: true as const },
        { kind, taskId: 1, name: null, succeeded: false as const, stage: 'voice', goldReturned: 30 },
        { kind, taskId: 1, name: '春天', succeeded: false as const, stage: null, goldReturned: 0 },
      ]) {
        const notice = taskNotice(outcome);
        differ(notice.title, notice.content);
        for (const locale of LOCALES.filter((l) => l !== 'zh-Hans')) {
          const texts = notice.i18n![locale] as { title: string; content: string };
          differ(texts.title, texts.content);
          if (locale !== 'zh-Hant') expect(texts.title).not.toBe(notice.title);
        }
      }
  });

  it('the console’s decisions and the real-name review', () => {
    const pairs = [
      ...['approved', 'rejected'].flatMap((decision) => [
        {
          title: 'console_ambassador_application_title',
          content: `console_ambassador_application_${decision}`,
        },
        {
          title: 'console_ambassador_submission_title',
          content: `console_ambassador_submission_${decision}`,
        },
      ]),
      { title: 'console_offline_title', content: 'console_offline_confirmed' },
      { title: 'console_offline_title', content: 'console_offline_rejected' },
      { title: 'console_order_refunded_title', content: 'console_order_refunded_plain' },
      ...['console_order_refunded', 'console_mall_shipped', 'console_user_granted'].map((key) => ({
        title: `${key}_title`,
        content: key,
      })),
      { title: 'real_name_review_title', content: 'real_name_approved_notice' },
      { title: 'real_name_review_title', content: 'real_name_rejected_notice' },
    ];
    for (const { title, content } of pairs) {
      expect(hasMessage(title), title).toBe(true);
      for (const locale of LOCALES)
        differ(
          translate(locale, title),
          translate(locale, content, { reason: 'x', orderNo: '1', what: 'y' }),
        );
    }
  });
});
