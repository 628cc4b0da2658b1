/**
 * Tells when a provider has really been silent for a while. A plain timer re-armed per chunk gets it wrong
 * when the event loop is held (a long statement on the embedded database, a GC pause, many answers
 * streaming): once the loop is free, due timers run before the sockets are read, so an answer already
 * waiting in the socket would be cut off as a timeout. Here the timer only starts a check, and the check
 * runs after the loop has read what is pending (setImmediate runs after the poll phase): silent means
 * nothing was heard for the whole limit even then.
 *
 * One timer per watch, not one per chunk: `heard()` only notes the time.
 */
export const createSilenceWatch = (onSilent: () => void) => {
  let limitMs = 0;
  let lastHeard = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const arm = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(check, Math.max(1, ms));
  };
  function check() {
    timer = undefined;
    setImmediate(() => {
      if (stopped) return;
      const quietMs = performance.now() - lastHeard;
      if (quietMs >= limitMs) {
        stopped = true;
        onSilent();
      } else arm(limitMs - quietMs);
    });
  }

  return {
    /** From now on, silence longer than `ms` is a timeout (until the answer starts; then between chunks). */
    expect(ms: number) {
      if (stopped) return;
      limitMs = ms;
      lastHeard = performance.now();
      arm(ms);
    },
    heard() {
      lastHeard = performance.now();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
};
