import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { humanChallengeSchema, type HumanChallenge } from '@app/contract';
import { lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { badRequest } from '../../platform/errors.js';
import { humanCheckUses } from './auth.table.js';

/** A challenge stays solvable this long. */
export const HUMAN_CHECK_TTL_SECONDS = 600;
/**
 * The proof of work: the client derives SHA-256 keys for counters from 0 until one matches the challenge's
 * prefix; the answer lies between these, a second or two of a phone's time, one hash to verify.
 */
const COUNTER_MIN = 20_000;
const COUNTER_MAX = 60_000;

const payloadSchema = z.object({
  challenge: humanChallengeSchema,
  solution: z.object({ counter: z.number().int().min(0), derivedKey: z.string().max(256) }),
});

/**
 * The self-hosted human check (ALTCHA, `altcha-lib`, MIT): signed challenges, and a solution's verification,
 * once each (its signature is kept until the challenge expires).
 */
export const createHumanCheck = (deps: { clock: Clock; secret: string }) => {
  const { clock } = deps;
  const hmacSignatureSecret = `${deps.secret}:human-check`;
  const hmacKeySignatureSecret = `${deps.secret}:human-check-key`;

  return {
    async challenge(): Promise<HumanChallenge> {
      const challenge = await createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(COUNTER_MIN, COUNTER_MAX),
        deriveKey,
        // Signed with the parameters; checked against our clock (the library's own check reads the wall clock).
        data: { expires: Math.floor(clock.now().getTime() / 1000) + HUMAN_CHECK_TTL_SECONDS },
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      return { parameters: { ...challenge.parameters }, signature: challenge.signature };
    },

    /**
     * Inside the send's transaction: a valid, unexpired, unused solution passes (and is spent); anything else
     * is 400 `human_check_failed`.
     */
    async spend(tx: DbOrTx, encoded: string): Promise<void> {
      let payload: z.infer<typeof payloadSchema>;
      try {
        payload = payloadSchema.parse(JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')));
      } catch {
        throw badRequest('human_check_failed');
      }
      const result = await verifySolution({
        challenge: payload.challenge as Parameters<typeof verifySolution>[0]['challenge'],
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }).catch(() => null);
      const expiresAt = Number((payload.challenge.parameters.data as { expires?: unknown } | undefined)?.expires);
      const now = clock.now();
      if (!result?.verified || !payload.challenge.signature || !(expiresAt * 1000 > now.getTime()))
        throw badRequest('human_check_failed');
      await tx.delete(humanCheckUses).where(lt(humanCheckUses.expiresAt, now));
      const spent = await tx
        .insert(humanCheckUses)
        .values({ signature: payload.challenge.signature, expiresAt: new Date(expiresAt * 1000) })
        .onConflictDoNothing()
        .returning();
      if (spent.length === 0) throw badRequest('human_check_failed');
    },
  };
};
export type HumanCheck = ReturnType<typeof createHumanCheck>;
