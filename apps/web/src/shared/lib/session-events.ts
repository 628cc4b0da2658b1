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

/**
 * "A guest asked for something only users may do" (401 `guest_not_allowed`): the session stays, the app shell
 * shows the guest-mode notice with a way to log in.
 */
const guestListeners = new Set<() => void>();

export const onGuestRefused = (listener: () => void): (() => void) => {
  guestListeners.add(listener);
  return () => guestListeners.delete(listener);
};

export const emitGuestRefused = (): void => {
  for (const listener of guestListeners) listener();
};
