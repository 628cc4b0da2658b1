import type { ChatStartEvent } from '@app/contract';
import { conflict, type AppError } from '../../platform/errors.js';
import type { CensorService } from '../../platform/censor/censor-service.js';
import type { Actor } from '../../platform/identity/actor.js';
import type { ChatTurn, TextGenerator, TextStreamRequest } from '../../platform/ai/text/text-generator.js';
import type { createTurnStore, GenerationOutcome, TurnRecord } from './chat-persist.js';
import type { CheckedTurn, TurnRequest } from './chat-prepare.js';
import { streamAnswer } from './chat-stream.js';
import type { ChatRepositories, ChatRepository } from './chat.repository.js';
import type { GenerationRegistry, StopReason } from './generation-registry.js';

/** A question accepted and stored; `run` streams the answer into `onDelta` and stores the outcome. */
export interface PreparedGeneration {
  start: ChatStartEvent;
  run(onDelta: (text: string) => void): Promise<GenerationOutcome>;
  /** Stop (user), disconnect (client went away). */
  abort(reason: StopReason): void;
}

/** A checked question with its provider and prompt, ready to be answered. */
interface AnswerRequest {
  /** Who asks (the turn's rows are theirs). */
  actor: Actor;
  input: TurnRequest;
  turn: CheckedTurn;
  messages: ChatTurn[];
  generator: TextGenerator;
  model: string;
  temperature?: number;
  now: Date;
  /** The day the question is taken from the quota; null when it is not charged. */
  chargedDate: string | null;
  questionNum: number;
  /** The quota's refusal (remembering that the user's questions are used up today). */
  refuse: () => AppError;
}

export interface GenerationDeps {
  store: ChatRepositories;
  repo: ChatRepository;
  registry: GenerationRegistry;
  censor: Pick<CensorService, 'censorText'>;
  log: { error(obj: object, msg: string): void };
  turnStore: ReturnType<typeof createTurnStore>;
}

/** Ids taken from a sequence in blocks, so most questions need no round trip for them. */
const idPool = (refill: () => Promise<number[]>) => {
  const ids: number[] = [];
  let pending: Promise<void> | null = null;
  return {
    async take(): Promise<number> {
      while (!ids.length) {
        pending ??= refill()
          .then((fresh) => {
            ids.push(...fresh);
          })
          .finally(() => {
            pending = null;
          });
        await pending;
      }
      return ids.shift()!;
    },
  };
};

/** Starts the provider's request; its first chunk is asked for at once (a failure there is read by the stream). */
const openAnswerStream = (generator: TextGenerator, request: Omit<TextStreamRequest, 'signal'>) => {
  const controller = new AbortController();
  const iterator = generator.stream({ ...request, signal: controller.signal })[Symbol.asyncIterator]();
  const first = iterator.next();
  first.catch(() => undefined);
  return { controller, iterator, first };
};

/**
 * The generation a route runs: the answer registered (so it can be stopped) while it streams, then settled with
 * what was said and why it ended. `stored` tells whether the turn's rows were written (a new question writes them
 * once its first token is out: `afterDelta` starts that); `before` is a continued answer's text so far.
 */
const preparedGeneration = (
  { registry, censor, log, turnStore }: GenerationDeps,
  stream: ReturnType<typeof openAnswerStream>,
  record: TurnRecord,
  messages: ChatTurn[],
  options: { before?: string; afterDelta?: () => void; stored: () => Promise<boolean> },
): PreparedGeneration => {
  const { controller, iterator, first } = stream;
  const { tenantId, userId, answerId: messageId } = record;
  registry.add(messageId, { tenantId, userId, controller });
  const promptText = messages.map((m) => m.content).join('\n');
  return {
    start: {
      messageId,
      questionId: record.questionId,
      conversationId: record.conversationId,
      provider: record.provider,
      model: record.model,
    },
    abort: (reason) => controller.abort(reason),
    async run(onDelta) {
      let answer;
      try {
        answer = await streamAnswer({
          first,
          iterator,
          controller,
          censor,
          tenantId,
          log,
          messageId,
          onDelta: (text) => {
            onDelta(text);
            options.afterDelta?.();
          },
          before: options.before,
        });
      } finally {
        registry.remove(messageId);
      }
      const stored = await options.stored();
      const reason = controller.signal.aborted ? (controller.signal.reason as StopReason) : null;
      return turnStore.settle(record, { ...answer, reason, promptText }, stored);
    },
  };
};

/**
 * 继续生成: the stopped answer streams again (and takes a question from the quota when it had given its own
 * back), in one transaction; the provider gets the conversation, the partial answer and a request to go on
 * (the offline engine writes the rest of its own text: same seed, from the answer's creation time); the new
 * text is appended to the same message.
 */
export const createAnswerContinuation = (deps: GenerationDeps) =>
  async function continueAnswer(
    args: AnswerRequest & { turn: { continued: NonNullable<CheckedTurn['continued']> } },
  ): Promise<PreparedGeneration> {
    const { actor, input, turn, messages, generator, model, now, chargedDate } = args;
    const { tenantId, uid: userId, locale } = actor;
    const { robotId } = input;
    const { answer, questionId } = turn.continued;
    await deps.store.transaction(async ({ chat: txRepo }) => {
      if (!(await txRepo.resumeAnswer(tenantId, answer.id, now)))
        throw conflict('chat_message_not_continuable');
      if (
        chargedDate &&
        (await txRepo.consumeQuestion(tenantId, userId, chargedDate, args.questionNum)) === null
      )
        throw args.refuse();
    });
    const stream = openAnswerStream(generator, {
      messages,
      model,
      temperature: args.temperature,
      context: {
        question: turn.content,
        template: turn.template
          ? { code: turn.template.code, kind: turn.template.kind, title: turn.template.title }
          : undefined,
        fields: turn.fields,
        // The seed the answer was first written with (see startAnswer), so the offline engine can go on.
        seed: answer.createdAt.getTime() & 0x7fffffff,
        continueFrom: answer.content,
      },
    });
    const record: TurnRecord = {
      tenantId,
      userId,
      robotId,
      locale,
      questionId,
      answerId: answer.id,
      conversationId: answer.conversationId,
      conversation: turn.conversation,
      content: turn.content,
      question: turn.content,
      template: turn.template,
      fields: turn.fields,
      provider: generator.provider,
      model,
      now,
      chargedDate,
      continued: { prefix: answer.content },
    };
    return preparedGeneration(deps, stream, record, messages, {
      before: answer.content,
      stored: async () => true,
    });
  };

/** A new question: its ids, its quota and its rows, written around the provider's first token. */
export const createNewAnswer = (deps: GenerationDeps) => {
  const { repo, log, turnStore } = deps;
  const messageIds = idPool(() => repo.reserveIds('chat_message', 64));
  const conversationIds = idPool(() => repo.reserveIds('chat_conversation', 16));

  return async function startAnswer(args: AnswerRequest & { question: string }): Promise<PreparedGeneration> {
    const { actor, input, turn, messages, generator, model, now, chargedDate } = args;
    const { tenantId, uid: userId, locale } = actor;
    const { robotId } = input;
    const { template, fields, content, conversation } = turn;
    // The provider request starts first; the quota write and the ids overlap its latency, and the
    // rows are written while the answer streams, so the first token waits on the network, not on the
    // database. A refused quota aborts the request before any token.
    const stream = openAnswerStream(generator, {
      messages,
      model,
      temperature: args.temperature,
      context: {
        question: content,
        template: template ? { code: template.code, kind: template.kind, title: template.title } : undefined,
        fields,
        seed: now.getTime() & 0x7fffffff,
      },
    });

    let record: TurnRecord;
    try {
      const [used, questionId, answerId, newConversationId] = await Promise.all([
        chargedDate
          ? repo.consumeQuestion(tenantId, userId, chargedDate, args.questionNum)
          : Promise.resolve(0),
        messageIds.take(),
        messageIds.take(),
        conversation ? Promise.resolve(conversation.id) : conversationIds.take(),
      ]);
      if (used === null) throw args.refuse();
      record = {
        tenantId,
        userId,
        robotId,
        locale,
        questionId,
        answerId,
        conversationId: newConversationId,
        conversation,
        content,
        question: args.question,
        template,
        fields,
        provider: generator.provider,
        model,
        now,
        chargedDate,
      };
    } catch (error) {
      stream.controller.abort('disconnect');
      throw error;
    }
    // PGlite runs in this thread: a write now would hold the first token back, so the rows are
    // written once the first token is out (or the answer ends without one).
    let persisted: Promise<boolean> | undefined;
    const persist = () =>
      (persisted ??= turnStore.storeQuestion(record).then(
        () => true,
        (error: unknown) => {
          log.error({ err: error }, 'chat: storing the question failed');
          stream.controller.abort('disconnect');
          return false;
        },
      ));
    return preparedGeneration(deps, stream, record, messages, {
      afterDelta: () => {
        if (!persisted) setImmediate(() => void persist());
      },
      stored: persist,
    });
  };
};
