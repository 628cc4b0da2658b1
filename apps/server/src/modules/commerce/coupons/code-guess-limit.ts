import { WRONG_CODES_PER_HOUR } from '@app/contract';
import '../commerce.messages.js';
import type { Clock } from '../../../platform/clock.js';
import { AppError } from '../../../platform/errors.js';
import type { CommerceRepositories } from '../commerce.repository.js';

/** Wrong codes (coupon or referral) an account may type per window (the contract's), and the window's length. */
const WRONG_CODES_PER_WINDOW = WRONG_CODES_PER_HOUR;
const WRONG_CODE_WINDOW_MS = 3600_000;

/** The answers that mean "no such code": the ones a guesser collects. */
const WRONG_CODE_IDS = new Set(['coupon_code_invalid', 'referral_code_invalid']);

/** "YYYY-MM-DD HH:mm" in Asia/Shanghai, for messages. */
const shanghaiMinute = (date: Date): string =>
  new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

const tooManyWrongCodes = (retryAt: Date, now: Date) =>
  new AppError(429, 'too_many_wrong_codes', {
    minutes: Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 60_000)),
    until: shanghaiMinute(retryAt),
    retryAt: retryAt.toISOString(),
  });

/**
 * Per-account limit on guessing redeem and referral codes (the per-address limit alone lets one account
 * guess from many addresses): after WRONG_CODES_PER_WINDOW wrong codes in an hour every code, right ones
 * too, answers 429 until the hour is over. Only wrong codes count: each try takes one from the allowance
 * before it runs (so parallel tries cannot overshoot) and gives it back unless the code was wrong.
 */
export const createCodeGuessLimit = (deps: { store: CommerceRepositories; clock: Clock }) => {
  const { codeGuesses: repo } = deps.store.repos;
  return {
    async guard<T>(userId: number, attempt: () => Promise<T>): Promise<T> {
      const now = deps.clock.now();
      const floor = new Date(now.getTime() - WRONG_CODE_WINDOW_MS);
      const windowStart = await repo.take(userId, now, floor, WRONG_CODES_PER_WINDOW);
      if (!windowStart) {
        const start = (await repo.windowStart(userId)) ?? now;
        throw tooManyWrongCodes(new Date(start.getTime() + WRONG_CODE_WINDOW_MS), now);
      }
      let wrong = false;
      try {
        return await attempt();
      } catch (error) {
        wrong = error instanceof AppError && WRONG_CODE_IDS.has(error.id);
        throw error;
      } finally {
        if (!wrong) await repo.giveBack(userId, windowStart);
      }
    },
  };
};

export type CodeGuessLimit = ReturnType<typeof createCodeGuessLimit>;
