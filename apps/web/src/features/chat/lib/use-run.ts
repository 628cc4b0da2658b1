import { useSyncExternalStore } from 'react';
import type { ChatRun, RunState } from '../api/chat-run';

const idle: RunState = { status: 'done', text: '', stopping: false };
const noop = () => () => undefined;

/** The live state of a run (re-renders at most once per animation frame while it streams). */
export const useRun = (run: ChatRun | undefined): RunState =>
  useSyncExternalStore(run ? run.subscribe : noop, run ? run.getSnapshot : () => idle);
