/** Pauses the test for `ms`. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds; fails the test after `timeoutMs`. */
export const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs = 15000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await sleep(25);
  }
};
