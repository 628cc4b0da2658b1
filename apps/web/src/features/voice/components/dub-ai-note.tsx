import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getAppConfigQueryOptions } from '../../../shared/lib/app-config';

/**
 * What the dubbing will start with (GB 45438-2025's audio label): the rhythm prompt short-long-short-short, or
 * the spoken "本音频由AI生成", as the operator chose (app_config aiLabels.audioPrompt, rhythm by default).
 */
export function DubAiNote() {
  const { t } = useTranslation();
  const config = useQuery(getAppConfigQueryOptions());
  const prompt = (config.data?.aiLabels as { audioPrompt?: string } | undefined)?.audioPrompt;
  return (
    <p className="voice-muted" data-testid="dub-ai-label">
      {prompt === 'speech' ? t('voice.aiLabel.speech') : t('voice.aiLabel.rhythm')}
    </p>
  );
}
