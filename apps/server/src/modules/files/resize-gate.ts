import { AppError } from '../../platform/errors.js';

export interface ResizeGateOptions {
  /** CPU milliseconds a client may spend at once. */
  budgetMs: number;
  /** CPU milliseconds a client's budget gains back each second. */
  refillMsPerSecond: number;
  /** Resizes waiting for their turn, beyond which a client is told to come back. */
  queueMax: number;
  now?: () => number;
}

/** The default: 3 s of CPU at once, then 0.1 s per second (6 s a minute) per client address. */
export const RESIZE_GATE_DEFAULTS: ResizeGateOptions = { budgetMs: 3000, refillMsPerSecond: 100, queueMax: 8 };

const busy = (seconds: number) =>
  new AppError(429, 'image_resize_busy', { retryAfter: Math.max(1, Math.ceil(seconds)) });

/**
 * The resizer's share of the CPU: one resize at a time in this process (libvips already spreads one over the
 * cores), a few waiting at most, and per client address a budget of CPU time (measured around each resize) that
 * refills slowly. A client past its budget, or with a resize already running or waiting, gets 429
 * `image_resize_busy` with the seconds to wait; cached copies are answered without passing here.
 */
export const createResizeGate = (options: ResizeGateOptions = RESIZE_GATE_DEFAULTS) => {
  const now = options.now ?? (() => performance.now());
  const budgets = new Map<string, { ms: number; at: number }>();
  const busyClients = new Set<string>();
  let waiting = 0;
  let tail: Promise<void> = Promise.resolve();

  /** The client's budget now (refilled for the time since it was last looked at). */
  const budgetOf = (client: string) => {
    const at = now();
    const known = budgets.get(client);
    const ms = known
      ? Math.min(options.budgetMs, known.ms + ((at - known.at) / 1000) * options.refillMsPerSecond)
      : options.budgetMs;
    const budget = { ms, at };
    if (!known && budgets.size >= 10_000) {
      // Forget the clients whose budget is whole again (as good as never seen).
      for (const [key, value] of budgets) if (value.ms >= options.budgetMs) budgets.delete(key);
    }
    budgets.set(client, budget);
    return budget;
  };

  /** Waits for the one turn; answers its release. */
  const turn = () => {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const before = tail;
    tail = before.then(() => mine);
    return before.then(() => release);
  };

  return {
    async run<T>(client: string, work: () => Promise<T>): Promise<T> {
      const budget = budgetOf(client);
      if (budget.ms <= 0) throw busy(-budget.ms / options.refillMsPerSecond + 1);
      if (busyClients.has(client) || waiting >= options.queueMax) throw busy(1);
      busyClients.add(client);
      waiting += 1;
      try {
        const release = await turn();
        waiting -= 1;
        const cpu = process.cpuUsage();
        try {
          return await work();
        } finally {
          const spent = process.cpuUsage(cpu);
          budgetOf(client).ms -= (spent.user + spent.system) / 1000;
          release();
        }
      } finally {
        busyClients.delete(client);
      }
    },
  };
};
export type ResizeGate = ReturnType<typeof createResizeGate>;
