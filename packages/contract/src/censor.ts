import { z } from 'zod';
import { pagedSchema } from './envelope.js';
import { defineEndpoint } from './registry.js';

/**
 * Text checks (spec §5). The server checks with an Aho–Corasick automaton that skips the filler characters of
 * `/static/sensitive-stop-words.json` between letters and folds full-width/half-width and case (NFKC + lower
 * case). The web app's local check uses the same list (`GET /api/sysSensitiveWord/list`) and the same stop
 * words; a match inside an `allowed` phrase is not a match. The server check is authoritative.
 */
export const SENSITIVE_CATEGORIES = [
  'gambling',
  'drugs',
  'fraud',
  'porn',
  'violence',
  'abuse',
  'other',
] as const;
export const sensitiveCategorySchema = z.enum(SENSITIVE_CATEGORIES);

/** Longest text one check accepts (an article body). */
export const CENSOR_TEXT_MAX = 20000;

export const textCensorBodySchema = z.object({ text: z.string().max(CENSOR_TEXT_MAX) });

export const sensitiveWordListSchema = z.object({
  /** Changes whenever the list changes; the web app may keep the list while it is the same. */
  version: z.string(),
  words: z.array(z.string()),
  /** Everyday phrases inside which a match is ignored (大麻烦 holds 大麻). */
  allowed: z.array(z.string()),
});

/**
 * The static file `/static/sensitive-stop-words.json` (spec §7): the filler characters both checks skip between
 * letters. One shape for the server that writes it and the web app that reads it.
 */
export const STOP_WORDS_PATH = '/static/sensitive-stop-words.json';
export const stopWordsFileSchema = z.object({
  /** A hash of the list: changes whenever the list changes. */
  version: z.string(),
  words: z.array(z.string()),
});
export type StopWordsFile = z.infer<typeof stopWordsFileSchema>;

export const sensitiveWordSchema = z.object({
  id: z.number().int(),
  word: z.string(),
  category: sensitiveCategorySchema.nullable(),
  updateTime: z.string(),
});

const wordSchema = z.string().trim().min(2).max(50);

export const censorEndpoints = {
  textCensor: defineEndpoint({
    method: 'POST',
    path: '/api/sysArticle/textCensor',
    auth: 'visitor',
    tag: 'content',
    summary: 'true when the text may be published, false when it holds a sensitive word (guests allowed)',
    body: textCensorBodySchema,
    result: z.boolean(),
  }),
  sensitiveWordList: defineEndpoint({
    method: 'GET',
    path: '/api/sysSensitiveWord/list',
    auth: 'public',
    tag: 'content',
    summary: 'The sensitive-word list for the local check, with the allowed phrases and a version',
    result: sensitiveWordListSchema,
  }),
  sensitiveWordPage: defineEndpoint({
    method: 'POST',
    path: '/api/sysSensitiveWord/page',
    auth: 'admin',
    tag: 'content',
    summary: 'Operators: sensitive words, paged (filters: word contains, category)',
    body: z.object({
      page: z.number().int().min(1).max(100000).default(1),
      pageSize: z.number().int().min(1).max(100).default(20),
      word: z.string().trim().max(50).optional(),
      category: sensitiveCategorySchema.optional(),
    }),
    result: pagedSchema(sensitiveWordSchema),
  }),
  sensitiveWordAdd: defineEndpoint({
    method: 'POST',
    path: '/api/sysSensitiveWord/add',
    auth: 'admin',
    tag: 'content',
    summary: 'Operators: add words (at least 2 letters each); the checker uses them at once',
    body: z.object({
      words: z.array(wordSchema).min(1).max(500),
      category: sensitiveCategorySchema.default('other'),
    }),
    result: z.object({ added: z.number().int() }),
  }),
  sensitiveWordUpdate: defineEndpoint({
    method: 'POST',
    path: '/api/sysSensitiveWord/update',
    auth: 'admin',
    tag: 'content',
    summary: 'Operators: change a word or its category',
    body: z.object({
      id: z.number().int().min(1),
      word: wordSchema.optional(),
      category: sensitiveCategorySchema.optional(),
    }),
    result: z.object({ id: z.number().int() }),
  }),
  sensitiveWordDelete: defineEndpoint({
    method: 'POST',
    path: '/api/sysSensitiveWord/delete',
    auth: 'admin',
    tag: 'content',
    summary: 'Operators: delete words by id',
    body: z.object({ ids: z.array(z.number().int().min(1)).min(1).max(500) }),
    result: z.object({ deleted: z.number().int() }),
  }),
};
