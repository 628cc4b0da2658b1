import { useCallback, useEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useAppStore } from './app-store';
import { storage } from './storage';
import { decodeToken } from './token';

/** Typed text reaches local storage this long after the last keystroke (and at once when the page goes away). */
export const DRAFT_WRITE_DELAY_MS = 400;

/** The storage key of one form's draft for one user (a guest or a logged-out visitor shares "anon"). */
export const draftKey = (user: number | string, form: string): string => `draft:${user}:${form}`;

/** A draft that is to be removed rather than written. */
const NO_DRAFT = Symbol('no draft');

/**
 * Changes not yet written (the write waits for a pause in typing). A form mounted again meanwhile (its page
 * re-rendered in another place) starts from them: it renders before the old instance's clean-up writes.
 */
const unsaved = new Map<string, unknown>();

const readDraft = <T,>(key: string): T | undefined => {
  if (!unsaved.has(key)) return storage.get<T>(key);
  const pending = unsaved.get(key);
  return pending === NO_DRAFT ? undefined : (pending as T);
};

const persist = (key: string): void => {
  if (!unsaved.has(key)) return;
  const pending = unsaved.get(key);
  unsaved.delete(key);
  if (pending === NO_DRAFT) storage.remove(key);
  else storage.set(key, pending);
};

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
    const saved = restore ? readDraft<T>(key) : undefined;
    return saved === undefined ? { value: initial, restored: false } : { value: saved, restored: true };
  });
  const [value, setValue] = useState<T>(start.value);
  const [restored, setRestored] = useState(start.restored);
  /** The form's own content, serialised: a value equal to it (or to the empty form) is no draft. */
  const empty = useRef(JSON.stringify(initial));
  const baseline = useRef(empty.current);
  const latest = useRef(value);
  latest.current = value;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    persist(key);
  }, [key]);

  const first = useRef(true);
  useEffect(() => {
    // Opening the page writes nothing: only a change made here is worth keeping.
    if (first.current) {
      first.current = false;
      return;
    }
    const json = JSON.stringify(value);
    unsaved.set(key, json === baseline.current || json === empty.current ? NO_DRAFT : value);
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, DRAFT_WRITE_DELAY_MS);
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
    clearTimeout(timer.current);
    timer.current = undefined;
    unsaved.delete(key);
    storage.remove(key);
    baseline.current = JSON.stringify(latest.current);
    setRestored(false);
  }, [key]);

  const control = useMemo(() => ({ restored, fill, clear }), [restored, fill, clear]);
  return [value, setValue, control];
}
