import type { Locale, TemplateField } from '@app/contract';
import './chat.messages.js';
import type { CensorService } from '../../platform/censor/censor-service.js';
import type { Actor } from '../../platform/identity/actor.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { translate } from '../../platform/i18n/i18n.js';
import { estimateTokens, type ChatTurn } from '../../platform/ai/text/text-generator.js';
import type { ChatMessageRow, ChatRepository, ConversationRow, TemplateRow } from './chat.repository.js';
import { fillPrompt } from './template.seed.js';

/** The robot's instructions when no template is used. */
const ROBOT_SYSTEM_PROMPT =
  '你是「AI 创作助手」，一名专业的中文文案与内容创作助手。擅长写短视频文案与脚本、小红书笔记、朋友圈文案、标题、营销文案和办公文书。回答用简体中文（除非用户使用其他语言），直接给出可用的成稿，结构清晰，适当使用 Markdown 标题、列表和表格；不编造具体数据，不输出违法违规内容。';

/** Earlier messages of the conversation read for context at most (then trimmed to the token budget). */
const CONTEXT_MESSAGES = 40;
/** Estimated tokens of earlier conversation sent with a question: the newest turns that fit. */
export const CONTEXT_TOKEN_BUDGET = 3000;
/** What a provider is asked after the partial answer when a stopped answer is continued. */
export const CONTINUE_PROMPT =
  '请从你上一条回答中断的地方直接接着写下去：不要重复已经写过的内容，不要加开场白，保持原来的格式和语气。';

/**
 * The earlier turns that fit `budget` estimated tokens, newest first (a turn is kept whole or not at all);
 * what is sent then starts with a question, never with an answer whose question was dropped.
 */
export const fitHistory = (turns: ChatTurn[], budget: number): ChatTurn[] => {
  let used = 0;
  let from = turns.length;
  while (from > 0) {
    // A few tokens of each message go to its role and framing.
    const cost = estimateTokens(turns[from - 1]!.content) + 4;
    if (used + cost > budget) break;
    used += cost;
    from -= 1;
  }
  while (turns[from]?.role === 'assistant') from += 1;
  return turns.slice(from);
};

/** A question as its asker sends it: to which robot, what, and in which conversation or template. */
export interface TurnRequest {
  robotId: number;
  content: string;
  conversationId?: number;
  templateId?: number;
  fields?: Record<string, string>;
  regenerateOf?: number;
  continueOf?: number;
}

/** A question that passed every check: what it asks, with which template and in which conversation. */
export interface CheckedTurn {
  content: string;
  template?: TemplateRow;
  fields?: Record<string, string>;
  conversation?: ConversationRow;
  /** Continuing a stopped answer: that answer and the id of its question. */
  continued?: { answer: ChatMessageRow; questionId: number };
}

/** Checks a template run's fields; messages already in the caller's language. */
const checkFields = (fields: TemplateField[], values: Record<string, string>, locale: Locale) => {
  const errors: Record<string, string[]> = {};
  const clean: Record<string, string> = {};
  for (const field of fields) {
    const value = (values[field.name] ?? '').trim();
    if (!value && field.required)
      errors[`fields.${field.name}`] = [translate(locale, 'template_field_required', { label: field.label })];
    else if (value.length > field.maxLength)
      errors[`fields.${field.name}`] = [
        translate(locale, 'template_field_too_long', { label: field.label, max: field.maxLength }),
      ];
    else if (value) clean[field.name] = value;
  }
  if (Object.keys(errors).length) throw new AppError(400, 'validation_failed', {}, errors);
  return clean;
};

/** How a template run reads in the history: 【title】label：value；… */
const describeRun = (template: TemplateRow, fields: Record<string, string>, content: string) => {
  const parts = template.fields.filter((f) => fields[f.name]).map((f) => `${f.label}：${fields[f.name]}`);
  return [`【${template.title}】${parts.join('；')}`, content].filter(Boolean).join('\n');
};

/** Before anything is stored or asked: the question, its template and conversation, checked. */
export const createTurnPreparation = (deps: {
  repo: ChatRepository;
  censor: Pick<CensorService, 'censorText'>;
}) => {
  const { repo, censor } = deps;

  const ownMessage = async ({ tenantId, uid }: Actor, id: number) => {
    const row = await repo.message(tenantId, id);
    if (!row || row.userId !== uid) throw notFound('chat_message_not_found');
    return row;
  };

  return {
    ownMessage,

    /** Resolves a regeneration to its question, checks template fields, conversation and censor. */
    async check(actor: Actor, input: TurnRequest): Promise<CheckedTurn> {
      const { tenantId, uid, locale } = actor;
      const { robotId } = input;
      let content = input.content.trim();
      let templateId = input.templateId;
      let fieldValues = input.fields;
      let conversationId = input.conversationId;
      let continued: CheckedTurn['continued'];
      if (input.continueOf) {
        // Continue: the stopped answer's own question, template and fields, in its conversation.
        const answer = await ownMessage(actor, input.continueOf);
        if (answer.role !== 'assistant' || !answer.replyTo) throw notFound('chat_message_not_found');
        if (answer.status !== 'stopped') throw conflict('chat_message_not_continuable');
        const question = await ownMessage(actor, answer.replyTo);
        templateId = question.templateId ?? undefined;
        fieldValues = question.fields ?? undefined;
        conversationId = question.conversationId;
        // A template run's stored question is its description; the user's own words were the lines after it.
        content = templateId ? question.content.split('\n').slice(1).join('\n') : question.content;
        continued = { answer, questionId: question.id };
      } else if (input.regenerateOf) {
        const original = await ownMessage(actor, input.regenerateOf);
        const question =
          original.role === 'user'
            ? original
            : original.replyTo
              ? await ownMessage(actor, original.replyTo)
              : undefined;
        if (!question) throw notFound('chat_message_not_found');
        templateId = question.templateId ?? undefined;
        fieldValues = question.fields ?? undefined;
        conversationId = question.conversationId;
        // A template run's stored question is its description; the user's own words were the extra line.
        if (!templateId) content = question.content;
      }

      let template: TemplateRow | undefined;
      if (templateId) {
        const found = await repo.template(tenantId, templateId);
        if (!found) throw notFound('prompt_template_not_found');
        template = found.template;
      }
      const fields = template ? checkFields(template.fields, fieldValues ?? {}, locale) : undefined;
      if (!template && !content)
        throw new AppError(400, 'validation_failed', {}, { content: ['chat_content_required'] });

      const conversation = conversationId
        ? await repo.conversation(tenantId, uid, conversationId)
        : undefined;
      if (conversationId && (!conversation || conversation.robotId !== robotId))
        throw notFound('chat_conversation_not_found');

      const inputText = [content, ...Object.values(fields ?? {})].join('\n');
      if (!(await censor.censorText(inputText, tenantId)).ok) throw badRequest('chat_content_rejected');
      return { content, template, fields, conversation, continued };
    },

    /** What the provider is sent (instructions, earlier turns, the question) and how the question is stored. */
    async compose(tenantId: number, turn: CheckedTurn) {
      const { template, fields, content, conversation } = turn;
      const userPrompt = template
        ? [fillPrompt(template.prompt, fields ?? {}), content && `补充要求：${content}`]
            .filter(Boolean)
            .join('\n')
        : content;
      // A continued answer's context is what came before its question.
      const rows = conversation
        ? await repo.context(tenantId, conversation.id, CONTEXT_MESSAGES, turn.continued?.questionId)
        : [];
      const history = fitHistory(
        rows.map((m) => ({ role: m.role === 'assistant' ? 'assistant' : 'user', content: m.content })),
        CONTEXT_TOKEN_BUDGET,
      );
      const messages: ChatTurn[] = [
        { role: 'system', content: template?.systemPrompt ?? ROBOT_SYSTEM_PROMPT },
        ...history,
        { role: 'user', content: userPrompt },
        ...(turn.continued
          ? [
              { role: 'assistant' as const, content: turn.continued.answer.content },
              { role: 'user' as const, content: CONTINUE_PROMPT },
            ]
          : []),
      ];
      const question = template ? describeRun(template, fields ?? {}, content) : content;
      return { messages, question };
    },
  };
};
