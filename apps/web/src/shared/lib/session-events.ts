/**
 * "The session is gone" signal: the API client raises it, the app shell listens (clears nothing itself,
 * only navigates to the user index). Kept apart so that shared code never imports the router.
 */
type Listener = (reason: SessionEndReason) => void;
export type SessionEndReason = 'expired' | 'guard';

const listeners = new Set<Listener>();

export const onSessionEnded = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const emitSessionEnded = (reason: SessionEndReason): void => {
  for (const listener of listeners) listener(reason);
};
