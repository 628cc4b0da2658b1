import { DEFAULT_AI_TEXT_LABEL, LOCALES, withAiTextLabel, type Locale } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getAppConfigQueryOptions, type AppConfig } from './app-config';
import { markdownToPlainText } from './plain-text';

const localeOf = (language: string): Locale =>
  (LOCALES as readonly string[]).includes(language) ? (language as Locale) : 'zh-Hans';

/** The text label's wording in `language` (app_config aiLabels.textLabel; the contract's default until it loads). */
export const aiTextLabelOf = (config: AppConfig | undefined, language: string): string => {
  const locale = localeOf(language);
  const configured = (config?.aiLabels as { textLabel?: Partial<Record<Locale, unknown>> } | undefined)?.textLabel;
  const wording = configured?.[locale];
  return typeof wording === 'string' && wording.trim() ? wording.trim() : DEFAULT_AI_TEXT_LABEL[locale];
};

/** "内容由 AI 生成" in the reader's language, as the operator worded it (GB 45438-2025 text label). */
export const useAiTextLabel = (): string => {
  const { i18n } = useTranslation();
  const config = useQuery(getAppConfigQueryOptions());
  return aiTextLabelOf(config.data, i18n.language);
};

/**
 * The one place an AI answer becomes text that leaves the app (copied, handed to the post editor): the answer with
 * the text label on its own line at its end.
 */
export const labelledAnswer = (text: string, label: string): string => withAiTextLabel(text, label);

/** An answer copied by the user: plain text (no Markdown marks), ending with the label. */
export const copiedAnswer = (markdown: string, label: string): string => labelledAnswer(markdownToPlainText(markdown), label);
