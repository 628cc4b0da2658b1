import { CHAT_DEFAULT_ROBOT_ID, type ChatSendBody, type ChatStartEvent } from '@app/contract';
import { call } from '../../../shared/lib/api/client';
import { isApiError, type ApiError } from '../../../shared/lib/api/api-error';
import { endpoints } from '../../../shared/lib/api/endpoints';
import { t } from '../../../shared/i18n';
import { streamChat } from './stream';

export type RunStatus = 'pending' | 'streaming' | 'done' | 'stopped' | 'error';

export interface RunState {
  status: RunStatus;
  text: string;
  messageId?: number;
  questionId?: number;
  conversationId?: number;
  provider?: string;
  /** The stop button was tapped; waiting for the server's `done`. */
  stopping: boolean;
  /** What went wrong (an `error` event or a refusal before streaming), in the user's language. */
  errorMessage?: string;
  /** A refusal before streaming (quota, censor, busy, session…). */
  refusal?: ApiError;
}

const frame = (fn: () => void): (() => void) => {
  if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && !document.hidden) {
    const id = requestAnimationFrame(fn);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(fn, 16);
  return () => clearTimeout(id);
};

/**
 * One answer being written. Deltas are gathered and published at most once per animation frame, so
 * the screen (and the markdown parser) updates ~60 times a second however fast tokens come. Survives
 * navigation (the creation page starts it, the generated-copy page shows it): see `runs`.
 */
export class ChatRun {
  state: RunState = { status: 'pending', text: '', stopping: false };
  readonly finished: Promise<void>;
  /** Resolves with the `start` event, or null when the question was refused or failed first. */
  readonly started: Promise<ChatStartEvent | null>;
  private readonly controller = new AbortController();
  private readonly listeners = new Set<() => void>();
  private pending = '';
  private cancelFrame: (() => void) | undefined;

  /** `text`: the answer so far when continuing a stopped one (`body.continueOf`); the new text is appended. */
  constructor(readonly body: ChatSendBody, robotId: number = CHAT_DEFAULT_ROBOT_ID, text = '') {
    this.state = { ...this.state, text };
    let resolveStart: (e: ChatStartEvent | null) => void = () => undefined;
    this.started = new Promise((resolve) => (resolveStart = resolve));
    this.finished = streamChat(
      body,
      {
        onStart: (e) => {
          runs.set(e.messageId, this);
          this.set({ status: 'streaming', messageId: e.messageId, questionId: e.questionId, conversationId: e.conversationId, provider: e.provider });
          resolveStart(e);
        },
        onDelta: (text) => {
          this.pending += text;
          this.cancelFrame ??= frame(() => this.flush());
        },
        onDone: (e) => {
          this.flush();
          this.set({ status: e.stopped ? 'stopped' : 'done', text: e.text, provider: e.provider, stopping: false });
        },
        onError: (e) => {
          this.flush();
          this.set({ status: 'error', errorMessage: e.message, stopping: false });
        },
      },
      this.controller.signal,
      robotId,
    )
      .catch((error: unknown) => {
        this.flush();
        if (this.controller.signal.aborted) return;
        const refusal = isApiError(error) ? error : undefined;
        this.set({ status: 'error', refusal, errorMessage: refusal?.message ?? t('request.failed'), stopping: false });
      })
      .finally(() => {
        this.flush();
        if (this.state.status === 'pending' || this.state.status === 'streaming') {
          // The stream closed without done/error: aborted (left the page or stop fell back) or cut.
          this.set({ status: this.controller.signal.aborted ? 'stopped' : 'error', stopping: false, errorMessage: this.controller.signal.aborted ? undefined : t('request.failed') });
        }
        resolveStart(null);
      });
  }

  get running(): boolean {
    return this.state.status === 'pending' || this.state.status === 'streaming';
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): RunState => this.state;

  /** The stop button: the server aborts the provider and ends the stream with `done` (stopped: true). */
  async stop(): Promise<void> {
    if (!this.running || this.state.stopping) return;
    this.set({ stopping: true });
    const messageId = this.state.messageId ?? (await this.started)?.messageId;
    if (!this.running) return;
    if (messageId === undefined) {
      this.abort();
      return;
    }
    try {
      await call(endpoints.chatStop, { body: { messageId } }, { silent: true });
    } catch {
      // Closing the stream stops generation too (the server keeps the partial answer as stopped).
      this.abort();
    }
    // A stop that never reaches the stream's end: do not leave the button spinning.
    setTimeout(() => {
      if (this.running) this.abort();
    }, 5000);
  }

  /** Leaving the page: close the stream (the server stops generating and keeps the partial answer). */
  abort(): void {
    if (this.running) this.controller.abort();
  }

  private flush(): void {
    this.cancelFrame?.();
    this.cancelFrame = undefined;
    if (!this.pending) return;
    const text = this.state.text + this.pending;
    this.pending = '';
    this.set({ text });
  }

  private set(patch: Partial<RunState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}

/** Live runs by answer message id (the generated-copy page picks up the run the creation page began). */
export const runs = new Map<number, ChatRun>();
