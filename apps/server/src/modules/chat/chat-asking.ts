import {
  CHAT_DEFAULT_ROBOT_ID,
  CHAT_MAX_RUNNING_PER_USER,
  CHAT_STOPPED_FREE_CHARS,
  CHAT_VIP_LINK,
  type ChatQuota,
} from '@app/contract';
import { shanghaiDate, type Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { TextProviders } from '../../platform/ai/text/text-providers.js';
import { getAppConfig, getDictionary } from '../dictionary/index.js';
import {
  createAnswerContinuation,
  createNewAnswer,
  type GenerationDeps,
  type PreparedGeneration,
} from './chat-generation.js';
import { answerLength } from './chat-persist.js';
import type { createTurnPreparation, TurnRequest } from './chat-prepare.js';

/** Config and robot lists are read at most this often per tenant. */
const CACHE_MS = 5000;

/** A tenant's daily question allowance and its robots, read at most every CACHE_MS. */
const createTenantSettings = (db: Db) => {
  const configCache = new Map<number, { at: number; questionNum: number; robots: Set<number> }>();
  return async (tenantId: number) => {
    const cached = configCache.get(tenantId);
    if (cached && performance.now() - cached.at < CACHE_MS) return cached;
    const [config, robotDict] = await Promise.all([
      getAppConfig(db, tenantId),
      getDictionary(db, tenantId, 'robot'),
    ]);
    const robots = new Set<number>([CHAT_DEFAULT_ROBOT_ID]);
    for (const item of robotDict.items) {
      const data = item.data as { kind?: string; id?: number } | null;
      if (data?.kind === 'profile' && typeof data.id === 'number') robots.add(data.id);
    }
    const fresh = { at: performance.now(), questionNum: config.questionNum, robots };
    configCache.set(tenantId, fresh);
    return fresh;
  };
};

/** tenant:user:date of users whose quota is used up today (saves a provider request per refusal). */
export const createExhaustedQuotas = () => {
  const keys = new Set<string>();
  return {
    has: (key: string) => keys.has(key),
    add(key: string) {
      if (keys.size > 10000) keys.clear();
      keys.add(key);
    },
    delete: (key: string) => keys.delete(key),
  };
};

/** Asking the robot: the day's quota, and a question checked, charged and started. */
export const createChatAsking = (
  deps: GenerationDeps & {
    /** The dictionary module reads the tenant's settings with it. */
    db: Db;
    clock: Clock;
    providers: TextProviders;
    turns: ReturnType<typeof createTurnPreparation>;
    exhausted: ReturnType<typeof createExhaustedQuotas>;
  },
) => {
  const { clock, providers, registry, repo, turns, exhausted } = deps;
  const tenantSettings = createTenantSettings(deps.db);
  const continueAnswer = createAnswerContinuation(deps);
  const startAnswer = createNewAnswer(deps);

  return {
    async quota({ tenantId, uid, vip }: Actor): Promise<ChatQuota> {
      const date = shanghaiDate(clock.now());
      const [used, settings] = await Promise.all([
        repo.questionsUsed(tenantId, uid, date),
        tenantSettings(tenantId),
      ]);
      if (vip) return { used, limit: null, remaining: null, isVip: true, date };
      const limit = settings.questionNum;
      return { used, limit, remaining: Math.max(0, limit - used), isVip: false, date };
    },

    /**
     * Validates and stores the question, takes it from the quota (members are not charged), starts the
     * provider request. Throws AppError (answered as a JSON envelope) for anything wrong before streaming.
     */
    async prepare(actor: Actor, input: TurnRequest): Promise<PreparedGeneration> {
      const { tenantId, uid } = actor;
      const { robotId } = input;
      const settings = await tenantSettings(tenantId);
      if (!settings.robots.has(robotId)) throw notFound('chat_robot_not_found');
      const turn = await turns.check(actor, input);

      if (registry.runningFor(actor) >= CHAT_MAX_RUNNING_PER_USER) {
        throw conflict('chat_busy', { max: CHAT_MAX_RUNNING_PER_USER });
      }

      const now = clock.now();
      const date = shanghaiDate(now);
      const exhaustedKey = `${tenantId}:${uid}:${date}`;
      // Continuing uses no question, unless the answer gave its question back (stopped short: chat-persist.ts).
      const charged =
        !actor.vip &&
        (!turn.continued || answerLength(turn.continued.answer.content) < CHAT_STOPPED_FREE_CHARS);
      const refuse = () =>
        new AppError(429, 'question_quota_exceeded', {
          limit: settings.questionNum,
          used: settings.questionNum,
          vipLink: CHAT_VIP_LINK,
        });
      // Known to be used up today: refuse without touching the provider.
      if (charged && exhausted.has(exhaustedKey)) throw refuse();

      const { generator, model, temperature } = providers.resolve({
        robotId,
        profile: turn.template?.profile,
        model: turn.template?.model,
        temperature: turn.template?.temperature,
      });
      const { messages, question } = await turns.compose(tenantId, turn);
      const request = {
        actor,
        input,
        turn,
        messages,
        generator,
        model,
        temperature,
        now,
        chargedDate: charged ? date : null,
        questionNum: settings.questionNum,
        refuse: () => {
          exhausted.add(exhaustedKey);
          return refuse();
        },
      };
      if (turn.continued) return continueAnswer({ ...request, turn: { ...turn, continued: turn.continued } });
      return startAnswer({ ...request, question });
    },
  };
};
