import { createHash } from 'node:crypto';
import { DEFAULT_TENANT_ID, type endpoints, type ParsedBodyOf } from '@app/contract';
import './censor.messages.js';
import type { Clock } from '../../platform/clock.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Actor } from '../../platform/identity/actor.js';
import { createCensor, type TextCensor } from '../../platform/censor/censor.js';
import { ALLOWED_PHRASES, SENSITIVE_WORDS_BY_CATEGORY } from '../../platform/censor/sensitive-words.js';
import { mapPage } from '../../platform/db/paged.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { CensorService } from '../../platform/censor/censor-service.js';
import type { CensorRepositories, SensitiveWordRow } from './censor.repository.js';

/** How long a process trusts its matcher before asking the database whether the list changed. */
const RECHECK_MS = 5000;

/** Puts the seed list in place for a tenant that has none yet (an operator's later deletions stay deleted). */
export const seedSensitiveWords = async (
  store: CensorRepositories,
  tenantId: number,
  now: Date,
): Promise<void> => {
  const { words: repo } = store.repos;
  if (!(await repo.isEmpty(tenantId))) return;
  const rows = Object.entries(SENSITIVE_WORDS_BY_CATEGORY).flatMap(([category, words]) =>
    words.map((word) => ({ word, category })),
  );
  await repo.insert(tenantId, rows, now);
};

export const createCensorService = (deps: { store: CensorRepositories }): CensorService => {
  const { words: repo } = deps.store.repos;
  const cache = new Map<
    number,
    { censor: TextCensor; words: string[]; signature: string; checkedAt: number; loading?: Promise<void> }
  >();

  const load = async (tenantId: number) => {
    const signature = await repo.signature(tenantId);
    const entry = cache.get(tenantId);
    if (entry && entry.signature === signature) {
      entry.checkedAt = performance.now();
      return entry;
    }
    const words = await repo.words(tenantId);
    const fresh = { censor: createCensor({ words }), words, signature, checkedAt: performance.now() };
    cache.set(tenantId, fresh);
    return fresh;
  };

  const matcher = async (tenantId: number) => {
    const entry = cache.get(tenantId);
    if (entry && performance.now() - entry.checkedAt < RECHECK_MS) return entry;
    return load(tenantId);
  };

  return {
    async censorText(text, tenantId = DEFAULT_TENANT_ID) {
      const { censor } = await matcher(tenantId);
      const words = [...new Set(censor.findSensitive(text).map((m) => m.word))];
      return { ok: words.length === 0, words };
    },
    async list(tenantId) {
      const { words, signature } = await matcher(tenantId);
      const version = createHash('sha256').update(signature).digest('hex').slice(0, 12);
      return { version, words, allowed: [...ALLOWED_PHRASES] };
    },
    invalidate(tenantId) {
      cache.delete(tenantId);
    },
  };
};

/** Operator edits of the list; each one makes the checker reload before its next check. */
export const createSensitiveWordAdmin = (deps: {
  store: CensorRepositories;
  clock: Clock;
  censor: CensorService;
}) => {
  const { store } = deps;
  const repo = store.repos.words;

  /** Inserts the words (existing ones skipped) and the audit row in one transaction; answers how many were new. */
  const insertAudited = async (actor: Actor, words: string[], category: string | null, action: string) => {
    const added = await store.transaction(async ({ words: list }, tx) => {
      const count = await list.insert(
        actor.tenantId,
        words.map((word) => ({ word, category })),
        deps.clock.now(),
      );
      await writeAudit(tx, actor, {
        action,
        targetType: 'sensitive_word',
        targetId: null,
        after: { words: words.slice(0, 200), category, added: count },
      });
      return count;
    });
    deps.censor.invalidate(actor.tenantId);
    return added;
  };

  /** A page's rows as both word tables (the app's and the console's) show them. */
  const toWordItems = (rows: SensitiveWordRow[]) =>
    rows.map((row) => ({
      id: row.id,
      word: row.word,
      category: (row.category ?? null) as never,
      updateTime: row.updatedAt.toISOString(),
    }));

  const removeAudited = async (actor: Actor, ids: number[]) => {
    const removed = await store.transaction(async ({ words: list }, tx) => {
      const rows = await list.removeReturning(actor.tenantId, ids);
      await writeAudit(tx, actor, {
        action: 'sensitive_word.remove',
        targetType: 'sensitive_word',
        targetId: null,
        before: { words: rows.map((r) => r.word) },
      });
      return rows.length;
    });
    deps.censor.invalidate(actor.tenantId);
    return removed;
  };
  return {
    async page(
      { tenantId }: Actor,
      filter: { page: number; pageSize: number; word?: string; category?: string },
    ) {
      return mapPage(await repo.page(tenantId, filter), toWordItems);
    },
    /** `/api/sysSensitiveWord/add`: existing words skipped; audited like the console's add. */
    async add(actor: Actor, words: string[], category: string) {
      return { added: await insertAudited(actor, [...new Set(words)], category, 'sensitive_word.add') };
    },

    async update(actor: Actor, id: number, values: { word?: string; category?: string }) {
      await store.transaction(async ({ words }, tx) => {
        const before = await words.lockWord(actor.tenantId, id);
        if (!before) throw notFound();
        if (values.word) {
          const taken = await words.wordTaken(actor.tenantId, values.word);
          if (taken !== null && taken !== id) throw conflict('sensitive_word_exists');
        }
        await words.update(actor.tenantId, id, values, deps.clock.now());
        await writeAudit(tx, actor, {
          action: 'sensitive_word.update',
          targetType: 'sensitive_word',
          targetId: id,
          before,
          after: values,
        });
      });
      deps.censor.invalidate(actor.tenantId);
      return { id };
    },
    /** Console table: word contains, category, sorted by word or last change. */
    async consolePage({ tenantId }: Actor, q: ParsedBodyOf<typeof endpoints.consoleSensitiveWordPage>) {
      return mapPage(await repo.consolePage(tenantId, q), toWordItems);
    },

    /**
     * Console: adds words (existing ones skipped; invalid lines reported), audited in the same transaction;
     * the checker reloads before its next check.
     */
    async consoleAdd(actor: Actor, candidates: string[], category: string | null, action = 'sensitive_word.add') {
      const invalid: string[] = [];
      const words = new Set<string>();
      for (const raw of candidates) {
        const word = raw.trim();
        if (!word || word.startsWith('#')) continue;
        if (word.length < 2 || word.length > 50) invalid.push(word.slice(0, 60));
        else words.add(word);
      }
      const added = await insertAudited(actor, [...words], category, action);
      return { added, skipped: words.size - added, invalid: invalid.slice(0, 100) };
    },

    async consoleRemove(actor: Actor, ids: number[]) {
      return { removed: await removeAudited(actor, ids) };
    },

    /** `/api/sysSensitiveWord/delete`: audited like the console's remove. */
    async remove(actor: Actor, ids: number[]) {
      return { deleted: await removeAudited(actor, ids) };
    },
  };
};
export type SensitiveWordAdmin = ReturnType<typeof createSensitiveWordAdmin>;
