import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { copyTextQueryOptions } from '../../../shared/lib/copy-hand-off';
import { useTabParam } from '../../../shared/lib/tabs';
import { useVoiceProgress } from '../api/use-voice-progress';
import { DubPanel } from '../components/dub-panel';
import { SubtitlesPanel } from '../components/subtitles-panel';
import { Tabs } from '../../../shared/ui/tabs';
import '../components/voice.css';

const TABS = ['dub', 'srt'] as const;

/** Spec §2 /media/dub/index: text to speech, and the audio-to-subtitles entry beside it. */
export function DubPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = useTabParam(TABS);
  // A generated copy hands its text over by id (`?messageId=`); `?text=` stays for short texts.
  const copy = useQuery(copyTextQueryOptions(Number(params.get('messageId')) || 0));
  useVoiceProgress();
  return (
    <div className="voice-page" data-testid="dub-page">
      <Tabs
        className="voice-tabs"
        tabClassName="voice-tabs__tab"
        tabs={TABS}
        value={tab}
        labelOf={(key) => t(`voice.tabs.${key}`)}
        testIdPrefix="dub-tab"
        onChange={(key) => {
          const next = new URLSearchParams(params);
          if (key === 'srt') next.set('tab', 'srt');
          else next.delete('tab');
          setParams(next, { replace: true });
        }}
      >
        <Link className="voice-tabs__link" to="/media/dub/list" data-testid="dub-to-list">
          {t('title.dubList')}
        </Link>
      </Tabs>
      {tab === 'srt' ? (
        <SubtitlesPanel />
      ) : copy.isLoading ? (
        <p className="voice-muted">{t('common.loading')}</p>
      ) : (
        <DubPanel key={copy.data === undefined ? 'text' : 'copy'} initialText={copy.data ?? params.get('text') ?? ''} />
      )}
    </div>
  );
}
