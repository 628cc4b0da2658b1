/**
 * Figures that may lag a little (a list's total): each is counted once, used for `maxAgeMs`, then answered as
 * it was while one count in the background replaces it, so no reader waits for a count once one is known.
 * A key never counted is counted while its first readers wait, once for all of them.
 */
export const createEstimates = (maxAgeMs: number, maxEntries: number) => {
  const known = new Map<string, { value: number; at: number }>();
  const counting = new Map<string, Promise<number>>();

  const count = (key: string, load: () => Promise<number>): Promise<number> => {
    let flight = counting.get(key);
    if (!flight) {
      flight = load()
        .then((value) => {
          known.delete(key);
          if (known.size >= maxEntries) known.delete(known.keys().next().value!);
          known.set(key, { value, at: Date.now() });
          return value;
        })
        .finally(() => counting.delete(key));
      counting.set(key, flight);
    }
    return flight;
  };

  return {
    async get(key: string, load: () => Promise<number>): Promise<number> {
      const entry = known.get(key);
      if (!entry) return count(key, load);
      if (Date.now() - entry.at >= maxAgeMs) count(key, load).catch(() => undefined);
      return entry.value;
    },
  };
};
