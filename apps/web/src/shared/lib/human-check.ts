import type { HumanChallenge } from '@app/contract';

/**
 * Solves the server's human check (ALTCHA proof of work: SHA-256 over counters until the derived key matches) in
 * the browser, and answers what the SMS send carries: base64 of `{ challenge, solution }`. The solver loads on
 * first use only.
 */
export const solveHumanCheck = async (challenge: HumanChallenge, signal?: AbortSignal): Promise<string | null> => {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([
    import('altcha-lib'),
    import('altcha-lib/algorithms/web/sha'),
  ]);
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const solution = await solveChallenge({
    challenge: challenge as Parameters<typeof solveChallenge>[0]['challenge'],
    deriveKey,
    controller,
  });
  if (!solution) return null;
  const json = JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } });
  return btoa(json);
};
