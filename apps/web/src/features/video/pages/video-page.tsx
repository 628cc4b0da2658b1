import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTip } from '../../../shared/lib/tips';
import { LoadFailed } from '../../../shared/ui/empty-state';
import { PageLoading } from '../../../shared/ui/page-loading';
import { myArticlesQueryOptions } from '../api/video';
import { BatchPicker } from '../components/batch-picker';
import { BatchSubmit } from '../components/batch-submit';
import { MusicPicker } from '../components/music-picker';
import { VideoChoice } from '../components/video-chip';
import { VideoPlacementCard } from '../components/video-placement-card';
import { VideoSourceCard } from '../components/video-source-card';
import { VideoSubmitCard } from '../components/video-submit-card';
import { VideoSubtitleCard } from '../components/video-subtitle-card';
import { VideoTemplateCard } from '../components/video-template-card';
import { VideoVoiceCard } from '../components/video-voice-card';
import { useVideoForm } from '../lib/use-video-form';
import '../components/video.css';

/**
 * Spec §2 /media/video/index: one of my articles or a pasted text (the copy page and an article hand theirs in),
 * template gallery, voice and speed, music with a preview, subtitle position on the 3×3 grid, where pictures come
 * from, the estimate of length and gold, and create.
 */
export function VideoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useVideoForm();
  const articles = useQuery(myArticlesQueryOptions());
  const videoTip = useTip('videoTip');
  const { options, voices, template, mode } = form;
  const batch = mode === 'batch';

  if (options.isPending || voices.isPending) return <PageLoading testId="video-loading" />;
  if (options.isError || voices.isError || !template) {
    return (
      <LoadFailed
        title={t('video.loadFailed')}
        onRetry={() => void Promise.all([options.refetch(), voices.refetch()])}
      />
    );
  }

  return (
    <div className="video-page" data-testid="video-page">
      <section className="video-card">
        <VideoChoice
          value={mode}
          options={[
            { value: 'single', label: t('video.batch.single') },
            { value: 'batch', label: t('video.batch.title') },
          ]}
          onChange={form.setMode}
          testId="mode"
        />
      </section>
      {batch ? (
        <section className="video-card">
          <h2 className="video-card__title">{t('video.batch.title')}</h2>
          <BatchPicker
            value={form.batchPick}
            onChange={form.setBatchPick}
            works={articles.data ?? []}
            worksLoading={articles.isPending}
            templates={form.templates}
            onSingle={() => form.setMode('single')}
          />
        </section>
      ) : null}

      {/* In batch mode the single video's source, its template gallery (one work, several templates) and its
          submit are hidden, not unmounted: switching back keeps what was typed. */}
      <VideoSourceCard
        source={form.source}
        articles={articles.data ?? []}
        articlesLoading={articles.isPending}
        hidden={batch}
      />
      <VideoTemplateCard
        templates={form.templates}
        chosen={template.value}
        onPick={form.handlePickTemplate}
        hidden={batch && form.batchPick.kind === 'templates'}
      />
      <VideoVoiceCard
        voices={form.voiceList}
        chosen={form.chosenVoice?.value}
        onChoose={form.setVoice}
        slider={form.slider}
        onSlide={form.setSlider}
        speed={form.speed}
      />
      <MusicPicker bgms={options.data.bgms} value={form.musicChoice} onChange={form.handleMusic} />
      <VideoPlacementCard
        anchor={form.subtitleAnchor}
        onAnchor={form.setAnchor}
        imageSource={form.imageSource}
        onImageSource={form.setImageSource}
        drawAvailable={!!options.data.drawAvailable}
      />
      <VideoSubtitleCard
        subtitleStyle={form.subtitleStyle}
        onSubtitleStyle={form.setSubtitleStyle}
        available={options.data.inserts ?? []}
        inserts={form.inserts}
        onInserts={form.setInserts}
      />

      {batch ? (
        <section className="video-card">
          <BatchSubmit
            pick={form.batchPick}
            templateId={template.value}
            shared={form.batchOptions}
            onDone={() => void navigate('/media/video/list')}
          />
        </section>
      ) : null}
      <VideoSubmitCard
        estimate={form.estimate}
        tip={videoTip}
        error={form.error}
        creating={form.creating}
        onCreate={form.handleCreate}
        storyboarding={form.storyboarding}
        onStoryboard={form.handleStoryboard}
        keepSeconds={options.data.saveVideoTime ?? 0}
        hidden={batch}
      />
    </div>
  );
}
