import { useCallback, useEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useAppStore } from './app-store';
import { storage } from './storage';
import { decodeToken } from './token';

/** Typed text reaches local storage this long after the last keystroke (and at once when the page goes away). */
export const DRAFT_WRITE_DELAY_MS = 400;

/** The storage key of one form's draft for one user (a guest or a logged-out visitor shares "anon"). */
export const draftKey = (user: number | string, form: string): string => `draft:${user}:${form}`;

const currentUser = (): number | string => {
  const uid = decodeToken(useAppStore.getState().session?.accessToken)?.uid;
  return typeof uid === 'number' ? uid : 'anon';
};

export interface DraftControl<T> {
  /** The value came from a saved draft (so a prefill arriving later should not replace it). */
  restored: boolean;
  /** Shows `value` as the form's own content (an article being edited, a copy handed in): not a draft. */
  fill: (value: T) => void;
  /** Forgets the saved draft (the form was sent); what is on screen stays as it is. */
  clear: () => void;
}

/**
 * A form field's value, like `useState`, that survives a reload, a network blip and leaving the page: what the
 * user typed is kept in local storage under the user and `form`, written shortly after typing stops, until the
 * form is sent (`clear`). `initial` is the value without a draft (empty, or a prefill the page was opened with);
 * `restore: false` starts from `initial` even when a draft exists (a prefill that must win). Only a value that
 * differs from the form's own content (`initial`, or the last `fill`) is a draft. The key is taken when the form
 * opens: a component that moves to another subject (another template, another article) needs a React `key`.
 */
export function useDraft<T>(
  form: string,
  initial: T,
  options: { restore?: boolean } = {},
): [T, Dispatch<SetStateAction<T>>, DraftControl<T>] {
  const restore = options.restore ?? true;
  // Fixed when the form opens: a form showing another subject is another instance (React `key`).
  const [key] = useState(() => draftKey(currentUser(), form));
  const [start] = useState(() => {
    const saved = restore ? storage.get<T>(key) : undefined;
    return saved === undefined ? { value: initial, restored: false } : { value: saved, restored: true };
  });
  const [value, setValue] = useState<T>(start.value);
  const [restored, setRestored] = useState(start.restored);
  /** The form's own content, serialised: a value equal to it is no draft. */
  const empty = useRef(JSON.stringify(initial));
  const baseline = useRef(empty.current);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; write: () => void } | undefined>(undefined);
  const latest = useRef(value);
  latest.current = value;

  const flush = useCallback(() => {
    const job = pending.current;
    if (!job) return;
    clearTimeout(job.timer);
    pending.current = undefined;
    job.write();
  }, []);

  const first = useRef(true);
  useEffect(() => {
    // Opening the page writes nothing: only a change made here is worth keeping.
    if (first.current) {
      first.current = false;
      return;
    }
    if (pending.current) clearTimeout(pending.current.timer);
    const write = () => {
      const json = JSON.stringify(latest.current);
      if (json === baseline.current || json === empty.current) storage.remove(key);
      else storage.set(key, latest.current);
    };
    pending.current = { timer: setTimeout(flush, DRAFT_WRITE_DELAY_MS), write };
  }, [value, key, flush]);

  useEffect(() => {
    // Reloading or closing the tab does not wait for the delay.
    const onHide = () => flush();
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      flush();
    };
  }, [flush]);

  const fill = useCallback((next: T) => {
    baseline.current = JSON.stringify(next);
    setValue(next);
  }, []);

  const clear = useCallback(() => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = undefined;
    storage.remove(key);
    baseline.current = JSON.stringify(latest.current);
    setRestored(false);
  }, [key]);

  const control = useMemo(() => ({ restored, fill, clear }), [restored, fill, clear]);
  return [value, setValue, control];
}
