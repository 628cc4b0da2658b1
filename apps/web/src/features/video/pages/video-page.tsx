import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  sliderToSpeed,
  speedToSlider,
  VIDEO_TEXT_MAX,
  type VideoAddBody,
  type VideoEstimateBody,
  type VideoImageSource,
  type VideoSubtitleStyle,
  VIDEO_SUBTITLE_STYLES,
} from '@app/contract';
import { copyTextQueryOptions } from '../../../shared/lib/copy-hand-off';
import { LoadFailed } from '../../../shared/ui/empty-state';
import { useDraft } from '../../../shared/lib/use-draft';
import { showToast } from '../../../shared/ui/feedback';
import { AnchorPicker } from '../components/anchor-picker';
import {
  MusicPicker,
  NO_MUSIC,
  OWN_MUSIC,
  sliderToVolume,
  type MusicChoice,
} from '../components/music-picker';
import { useAddVideo } from '../api/add-video';
import {
  estimateQueryOptions,
  myArticlesQueryOptions,
  videoOptionsQueryOptions,
  videoVoicesQueryOptions,
} from '../api/video';
import { useCreateStoryboard } from '../api/storyboard';
import {
  BatchPicker,
  BatchSubmit,
  emptyBatchPick,
  type BatchPick,
  type BatchSharedOptions,
} from '../components/batch-form';
import { VideoChip, VideoChoice } from '../components/video-chip';
import '../components/video.css';
import { PageLoading } from '../../../shared/ui/page-loading';
import { useTip } from '../../../shared/lib/tips';
import { RangeSlider } from '../../../shared/ui/range-slider';

type Source = 'article' | 'text';
/** One video, or 批量生成 (up to 5 in one go). */
type Mode = 'single' | 'batch';
/** The usual mix on the volume sliders (100 %). */
const USUAL_VOLUME_SLIDER = 50;

/**
 * Spec §2 /media/video/index: one of my articles or a pasted text (the copy page and an article hand theirs in),
 * template gallery, voice and speed, music with a preview, subtitle position on the 3×3 grid, where pictures come
 * from, the estimate of length and gold, and create.
 */
export function VideoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const options = useQuery(videoOptionsQueryOptions());
  const voices = useQuery(videoVoicesQueryOptions());
  const articles = useQuery(myArticlesQueryOptions());
  const handedId = Number(params.get('messageId') ?? 0);
  const handed = useQuery(copyTextQueryOptions(handedId));
  const articleParam = Number(params.get('articleId') ?? 0);

  const [mode, setMode] = useState<Mode>('single');
  const [batchPick, setBatchPick] = useState<BatchPick>(emptyBatchPick);
  const [source, setSource] = useState<Source>(articleParam ? 'article' : 'text');
  const [articleId, setArticleId] = useState<number>(articleParam);
  // Typed title and text are kept as drafts until the video is created; a text handed in wins over them.
  const handedIn = handedId > 0 || params.has('text');
  const [title, setTitle, titleDraft] = useDraft('video.title', '', { restore: !handedIn });
  const [text, setText, textDraft] = useDraft('video.text', params.get('text') ?? '', { restore: !handedIn });
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [voice, setVoice] = useState<string | null>(null);
  const [slider, setSlider] = useState(speedToSlider(100));
  const [bgm, setBgm] = useState<string | null>(null);
  const [own, setOwn] = useState<MusicChoice['own']>(null);
  const [volumes, setVolumes] = useState({
    voiceSlider: USUAL_VOLUME_SLIDER,
    musicSlider: USUAL_VOLUME_SLIDER,
  });
  const [anchor, setAnchor] = useState<number | null>(null);
  const [imageSource, setImageSource] = useState<VideoImageSource>(articleParam ? 'article' : 'template');
  const [subtitleStyle, setSubtitleStyle] = useState<VideoSubtitleStyle>('outlined');
  // Our intro and outro clips play only when the user picks them.
  const [inserts, setInserts] = useState({ intro: false, outro: false });
  const videoTip = useTip('videoTip');
  const [error, setError] = useState<string | null>(null);

  // A copy handed over from the copy page fills the text once it arrives.
  useEffect(() => {
    if (handed.data) setText((current) => current || handed.data);
  }, [handed.data, setText]);

  const templates = options.data?.templates ?? [];
  const template = templates.find((x) => x.value === templateId) ?? templates[0];
  const voiceList = voices.data?.voices ?? [];
  const chosenVoice = voiceList.find((v) => v.value === voice) ?? voiceList.find((v) => v.available);
  const music = bgm ?? template?.bgm ?? NO_MUSIC;
  const subtitleAnchor = anchor ?? template?.subtitleAnchor ?? 8;
  const speed = sliderToSpeed(slider);
  const sourceBody =
    source === 'article'
      ? articleId
        ? { articleId }
        : null
      : text.trim()
        ? { title: title.trim() || undefined, text: text.trim() }
        : null;
  const estimateBody: VideoEstimateBody | null =
    sourceBody && template ? { ...sourceBody, speed, templateId: template.value, ...inserts } : null;
  const estimate = useQuery({
    ...estimateQueryOptions(estimateBody ?? { text: '' }),
    enabled: !!estimateBody,
  });

  const sharedOptions = (): BatchSharedOptions => ({
    voice: chosenVoice!.value,
    speed,
    ...(music === OWN_MUSIC && own ? { bgmId: null, musicFileId: own.id } : { bgmId: music || null }),
    voiceVolume: sliderToVolume(volumes.voiceSlider),
    musicVolume: sliderToVolume(volumes.musicSlider),
    subtitleAnchor,
    imageSource,
    subtitleStyle,
    ...inserts,
  });
  const requestBody = (): VideoAddBody => ({
    ...sourceBody!,
    templateId: template!.value,
    ...sharedOptions(),
  });
  const create = useAddVideo();
  const submit = () =>
    create.mutate(requestBody(), {
      onSuccess: () => {
        titleDraft.clear();
        textDraft.clear();
        showToast(t('video.created'), 'success');
        void navigate('/media/video/list');
      },
    });

  // 生成分镜: the same request made into a storyboard to edit scene by scene before rendering.
  const storyboard = useCreateStoryboard((board) => {
    titleDraft.clear();
    textDraft.clear();
    void navigate(`/media/video/storyboard?id=${board.task.id}`);
  });

  /** Checks the form: shows what is missing and answers false, or clears the error and answers true. */
  const ready = () => {
    const problem = !sourceBody
      ? t(source === 'article' ? 'video.needArticle' : 'video.needText')
      : [...text].length > VIDEO_TEXT_MAX
        ? t('video.tooLong', { max: VIDEO_TEXT_MAX })
        : !chosenVoice
          ? t('video.needVoice')
          : null;
    setError(problem);
    return !problem;
  };
  const onCreate = () => {
    if (ready()) submit();
  };
  const onStoryboard = () => {
    if (ready()) storyboard.mutate(requestBody());
  };

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
          onChange={setMode}
          testId="mode"
        />
      </section>
      {mode === 'batch' ? (
        <section className="video-card">
          <h2 className="video-card__title">{t('video.batch.title')}</h2>
          <BatchPicker
            value={batchPick}
            onChange={setBatchPick}
            works={articles.data ?? []}
            worksLoading={articles.isPending}
            templates={templates}
          />
        </section>
      ) : null}

      {/* In batch mode the single video's source, its template gallery (one work, several templates) and its
          submit are hidden, not unmounted: switching back keeps what was typed. */}
      <section className="video-card" hidden={mode === 'batch'}>
        <h2 className="video-card__title">{t('video.source.title')}</h2>
        <VideoChoice
          value={source}
          options={[
            { value: 'article', label: t('video.source.article') },
            { value: 'text', label: t('video.source.text') },
          ]}
          onChange={setSource}
          testId="source"
        />
        {source === 'article' ? (
          articles.isPending ? (
            <p className="video-muted">{t('common.loading')}</p>
          ) : (articles.data ?? []).length === 0 && !articleParam ? (
            <p className="video-muted" data-testid="no-articles">
              {t('video.source.noArticles')}
            </p>
          ) : (
            <select
              className="video-select"
              data-testid="article-select"
              value={articleId || ''}
              onChange={(event) => setArticleId(Number(event.target.value))}
            >
              <option value="">{t('video.source.pick')}</option>
              {articleParam && !(articles.data ?? []).some((a) => a.id === articleParam) ? (
                <option value={articleParam}>{t('video.source.handed')}</option>
              ) : null}
              {(articles.data ?? []).map((a) => (
                <option key={a.id} value={a.id}>
                  {a.title || a.summary.slice(0, 20)}
                </option>
              ))}
            </select>
          )
        ) : (
          <>
            <input
              className="video-input"
              data-testid="video-title"
              value={title}
              maxLength={50}
              placeholder={t('video.source.titlePlaceholder')}
              onChange={(event) => setTitle(event.target.value)}
            />
            <textarea
              className="video-textarea"
              data-testid="video-text"
              value={text}
              placeholder={t('video.source.textPlaceholder')}
              onChange={(event) => setText(event.target.value)}
            />
            <p className="video-muted">
              {t('video.counter', { count: [...text].length, max: VIDEO_TEXT_MAX })}
            </p>
          </>
        )}
      </section>

      <section className="video-card" hidden={mode === 'batch' && batchPick.kind === 'templates'}>
        <h2 className="video-card__title">{t('video.template.title')}</h2>
        <div className="video-templates" role="radiogroup" aria-label={t('video.template.title')}>
          {templates.map((x) => (
            <button
              key={x.value}
              type="button"
              role="radio"
              aria-checked={x.value === template.value}
              className="video-template"
              data-testid={`template-${x.value}`}
              onClick={() => {
                setTemplateId(x.value);
                setAnchor(null);
                setBgm(null);
              }}
            >
              <img
                className={`video-template__cover${x.width > x.height ? ' video-template__cover--landscape' : x.width === x.height ? ' video-template__cover--square' : ''}`}
                src={x.cover}
                alt=""
                style={{ background: x.background }}
              />
              <strong>{x.label}</strong>
              <span className="video-muted">{x.description}</span>
            </button>
          ))}
        </div>
      </section>

      <section className="video-card">
        <h2 className="video-card__title">{t('video.voice.title')}</h2>
        <VideoChoice
          value={chosenVoice?.value}
          options={voiceList.map((v) => ({
            value: v.value,
            label: v.offline ? `${v.label} · ${t('video.voice.offline')}` : v.label,
            disabled: !v.available,
          }))}
          onChange={setVoice}
          testId="voice"
        />
        <label className="video-row video-muted">
          {t('video.voice.speed', { speed })}
          <RangeSlider value={slider} testId="video-speed" onChange={setSlider} />
        </label>
      </section>

      <MusicPicker
        bgms={options.data?.bgms ?? []}
        value={{ music, own, ...volumes }}
        onChange={(next) => {
          setBgm(next.music);
          setOwn(next.own);
          setVolumes({ voiceSlider: next.voiceSlider, musicSlider: next.musicSlider });
        }}
      />

      <section className="video-card video-row">
        <div>
          <h2 className="video-card__title">{t('video.anchor.label')}</h2>
          <AnchorPicker value={subtitleAnchor} onChange={setAnchor} />
        </div>
        <div>
          <h2 className="video-card__title">{t('video.pictures.title')}</h2>
          <VideoChoice
            value={imageSource}
            options={(['article', 'template', 'draw'] as const).map((kind) => ({
              value: kind,
              label: t(`video.pictures.${kind}`),
              disabled: kind === 'draw' && !options.data?.drawAvailable,
            }))}
            onChange={setImageSource}
            testId="pictures"
          />
        </div>
      </section>

      <section className="video-card">
        <h2 className="video-card__title">{t('video.subtitleStyle.title')}</h2>
        <VideoChoice
          value={subtitleStyle}
          options={VIDEO_SUBTITLE_STYLES.map((look) => ({
            value: look,
            label: t(`video.subtitleStyle.${look}`),
          }))}
          onChange={setSubtitleStyle}
          testId="subtitle-style"
        />
        {(options.data?.inserts ?? []).length ? (
          <>
            <h2 className="video-card__title">{t('video.inserts.title')}</h2>
            <div className="video-chips">
              {(['intro', 'outro'] as const)
                .filter((kind) =>
                  (options.data?.inserts ?? []).some(
                    (i) => i.position === (kind === 'intro' ? 'start' : 'end'),
                  ),
                )
                .map((kind) => (
                  <VideoChip
                    key={kind}
                    pressed={inserts[kind]}
                    label={t(`video.inserts.${kind}`)}
                    onClick={() => setInserts((current) => ({ ...current, [kind]: !current[kind] }))}
                    testId={`insert-${kind}`}
                  />
                ))}
            </div>
            <p className="video-muted">{t('video.inserts.hint')}</p>
          </>
        ) : null}
      </section>

      {mode === 'batch' ? (
        <section className="video-card">
          <BatchSubmit
            pick={batchPick}
            templateId={template.value}
            shared={chosenVoice ? sharedOptions() : null}
            onDone={() => void navigate('/media/video/list')}
          />
        </section>
      ) : null}
      <section className="video-card" hidden={mode === 'batch'}>
        <p className="video-estimate" data-testid="video-estimate">
          {estimate.data
            ? t('video.estimate', {
                seconds: estimate.data.seconds,
                gold: estimate.data.gold,
                words: estimate.data.words,
              })
            : t('video.estimateEmpty')}
        </p>
        {videoTip ? (
          <p className="video-muted" data-testid="video-tip">
            {videoTip}
          </p>
        ) : null}
        {error ? (
          <p className="video-error" role="alert" data-testid="video-form-error">
            {error}
          </p>
        ) : null}
        <button
          type="button"
          className="video-button video-button--wide"
          data-testid="video-create"
          disabled={create.isPending}
          onClick={onCreate}
        >
          {create.isPending ? t('common.loading') : t('video.create')}
        </button>
        <button
          type="button"
          className="video-button video-button--wide video-button--ghost"
          data-testid="video-storyboard"
          disabled={storyboard.isPending}
          onClick={onStoryboard}
        >
          {storyboard.isPending ? t('common.loading') : t('video.storyboard.create')}
        </button>
        <p className="video-muted">
          {t('video.keepFor', { days: Math.round((options.data?.saveVideoTime ?? 0) / 86400) })}{' '}
          <Link to="/media/video/list">{t('video.myVideos')}</Link>
        </p>
      </section>
    </div>
  );
}
