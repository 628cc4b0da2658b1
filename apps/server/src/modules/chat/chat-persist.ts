import {
  CHAT_STOPPED_FREE_CHARS,
  type ChatDoneEvent,
  type ChatErrorEvent,
  type ChatUsage,
  type Locale,
} from '@app/contract';
import './chat.messages.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { translate } from '../../platform/i18n/i18n.js';
import { estimateTokens, type TextUsage } from '../../platform/ai/text/text-generator.js';
import { recordHistory } from '../history/index.js';
import type { ChatRepositories, ConversationRow, TemplateRow } from './chat.repository.js';
import type { StopReason } from './generation-registry.js';
import type { StreamedAnswer } from './chat-stream.js';

export type GenerationOutcome =
  { event: 'done'; data: ChatDoneEvent } | { event: 'error'; data: ChatErrorEvent };

/** Provider-reported usage, or an estimate (offline engine, stopped or failed answers). */
export const usageOf = (u: TextUsage | null, prompt: string, text: string, reported: boolean): ChatUsage => {
  if (u && reported) return { ...u, reported: true };
  const promptTokens = u?.promptTokens ?? estimateTokens(prompt);
  const completionTokens = estimateTokens(text);
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens, reported: false };
};

/** Characters of an answer as the quota rule counts them (spaces aside). */
export const answerLength = (text: string) => Array.from(text.replace(/\s/g, '')).length;

/** One question and its answer as they are stored. */
export interface TurnRecord {
  tenantId: number;
  userId: number;
  robotId: number;
  locale: Locale;
  questionId: number;
  answerId: number;
  conversationId: number;
  /** The conversation it continues; a new one is created with the turn when absent. */
  conversation?: ConversationRow;
  content: string;
  question: string;
  template?: TemplateRow;
  fields?: Record<string, string>;
  provider: string;
  model: string;
  now: Date;
  /** Quota day the question was taken from, when it was (members are not charged). */
  chargedDate: string | null;
  /** Continuing a stopped answer: the text it had; the new text is appended to it in the same message. */
  continued?: { prefix: string };
}

/** Writing a turn: the question with an empty answer first, the answer when the stream ends. */
export const createTurnStore = (deps: {
  store: ChatRepositories;
  /** The history module writes a template run's row with it. */
  db: Db;
  clock: Clock;
  log: { error(obj: object, msg: string): void };
  /** A question went back to the user's quota. */
  onRefund?: (turn: TurnRecord) => void;
}) => {
  const { store, db, clock, log } = deps;
  const { chat: repo } = store.repos;
  const refund = async (turn: TurnRecord) => {
    if (turn.chargedDate) {
      await repo.refundQuestion(turn.tenantId, turn.userId, turn.chargedDate).catch(() => undefined);
      deps.onRefund?.(turn);
    }
  };

  return {
    /** The conversation (when new), the question and the streaming answer row, in one transaction. */
    storeQuestion: (turn: TurnRecord) =>
      store.transaction(async ({ chat: txRepo }) => {
        if (!turn.conversation) {
          await txRepo.createConversation({
            id: turn.conversationId,
            tenantId: turn.tenantId,
            userId: turn.userId,
            robotId: turn.robotId,
            title: (turn.template?.title ?? turn.content).slice(0, 40),
            templateId: turn.template?.id ?? null,
            now: turn.now,
          });
        }
        await txRepo.insertTurn({
          questionId: turn.questionId,
          answerId: turn.answerId,
          tenantId: turn.tenantId,
          userId: turn.userId,
          robotId: turn.robotId,
          conversationId: turn.conversationId,
          question: turn.question,
          templateId: turn.template?.id ?? null,
          fields: turn.fields ?? null,
          provider: turn.provider,
          model: turn.model,
          now: turn.now,
        });
        if (turn.template) await txRepo.countTemplateUse(turn.template.id);
      }),

    /**
     * Stores how the answer ended and answers the stream's last event. `stored` is false when the question
     * could not be written: nothing is kept and the question goes back to the quota.
     */
    async settle(
      turn: TurnRecord,
      answer: StreamedAnswer & { reason: StopReason | null; promptText: string },
      stored: boolean,
    ): Promise<GenerationOutcome> {
      const { tenantId, userId, locale, answerId: messageId, template } = turn;
      const { text, failure } = answer;
      if (!stored) {
        await refund(turn);
        return {
          event: 'error',
          data: { error: 'internal_error', message: translate(locale, 'internal_error'), messageId },
        };
      }
      const whole = (turn.continued?.prefix ?? '') + text;
      const stopped = !failure && (answer.reason === 'stop' || answer.reason === 'disconnect');
      // Offline usage is an estimate; a stopped or continued answer counts only what was generated.
      const usage = usageOf(
        answer.usage,
        answer.promptText,
        whole,
        turn.provider !== 'offline' && !stopped && !failure && !turn.continued,
      );
      // A continuation the provider failed stays stopped, so it can be continued again (a censored one cannot).
      const status = failure
        ? turn.continued && failure !== 'chat_output_rejected'
          ? 'stopped'
          : 'error'
        : stopped
          ? 'stopped'
          : 'done';
      // The quota rule (contract CHAT_STOPPED_FREE_CHARS): an answer left stopped before that many characters,
      // or one that failed before writing anything, gives its question back, in the same transaction.
      const giveBack =
        !!turn.chargedDate &&
        ((status === 'stopped' && answerLength(whole) < CHAT_STOPPED_FREE_CHARS) ||
          (!!failure && !text && failure !== 'chat_output_rejected'));
      await store.transaction(async ({ chat: txRepo }) => {
        await txRepo.finishAnswer(tenantId, messageId, {
          content: whole,
          status,
          usage,
          errorId: status === 'error' ? failure : null,
          now: clock.now(),
        });
        if (giveBack) await txRepo.refundQuestion(tenantId, userId, turn.chargedDate!);
      });
      if (giveBack) deps.onRefund?.(turn);
      if (template && text && !turn.continued) {
        // A template run is a piece of generated copy: it shows in the user's history (/pages/index/history).
        await recordHistory(db, {
          tenantId,
          userId,
          kind: 'generated',
          refType: 'copy',
          refId: messageId,
          title: template.title,
          link: `/pages/detail/copy?id=${messageId}`,
          now: clock.now(),
        }).catch((error: unknown) => log.error({ err: error }, 'chat: history row failed'));
      }
      if (failure) {
        return { event: 'error', data: { error: failure, message: translate(locale, failure), messageId } };
      }
      return {
        event: 'done',
        data: {
          messageId,
          conversationId: turn.conversationId,
          text: whole,
          usage,
          stopped,
          provider: turn.provider,
          model: turn.model,
        },
      };
    },
  };
};
