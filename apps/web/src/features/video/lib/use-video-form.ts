import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  sliderToSpeed,
  speedToSlider,
  VIDEO_TEXT_MAX,
  type VideoAddBody,
  type VideoEstimateBody,
  type VideoImageSource,
  type VideoSubtitleStyle,
} from '@app/contract';
import { showToast } from '../../../shared/ui/feedback';
import { useAddVideo } from '../api/add-video';
import { useCreateStoryboard } from '../api/storyboard';
import { estimateQueryOptions, videoOptionsQueryOptions, videoVoicesQueryOptions } from '../api/video';
import { NO_MUSIC, OWN_MUSIC, sliderToVolume, type MusicChoice } from './music-choice';
import { emptyBatchPick, type BatchPick, type BatchSharedOptions } from './batch-pick';
import { useVideoSource } from './use-video-source';

/** One video, or 批量生成 (up to 5 in one go). */
export type VideoFormMode = 'single' | 'batch';
/** The usual mix on the volume sliders (100 %). */
const USUAL_VOLUME_SLIDER = 50;
/** Our intro and outro clips play only when the user picks them. */
export interface VideoInserts {
  intro: boolean;
  outro: boolean;
}

/**
 * The video form's state and what it makes: the template, voice, music, subtitle and picture choices (a template
 * picked resets its anchor and music to the template's), the estimate, the request, and 生成视频 / 生成分镜 after
 * the form is checked (`error` says what is missing).
 */
export function useVideoForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const options = useQuery(videoOptionsQueryOptions());
  const voices = useQuery(videoVoicesQueryOptions());
  const source = useVideoSource();
  const [mode, setMode] = useState<VideoFormMode>('single');
  const [batchPick, setBatchPick] = useState<BatchPick>(emptyBatchPick);
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
  const [imageSource, setImageSource] = useState<VideoImageSource>(
    source.articleParam ? 'article' : 'template',
  );
  const [subtitleStyle, setSubtitleStyle] = useState<VideoSubtitleStyle>('outlined');
  const [inserts, setInserts] = useState<VideoInserts>({ intro: false, outro: false });
  const [error, setError] = useState<string | null>(null);

  const templates = options.data?.templates ?? [];
  const template = templates.find((x) => x.value === templateId) ?? templates[0];
  const voiceList = voices.data?.voices ?? [];
  const chosenVoice = voiceList.find((v) => v.value === voice) ?? voiceList.find((v) => v.available);
  const music = bgm ?? template?.bgm ?? NO_MUSIC;
  const subtitleAnchor = anchor ?? template?.subtitleAnchor ?? 8;
  const speed = sliderToSpeed(slider);
  const estimateBody: VideoEstimateBody | null =
    source.body && template ? { ...source.body, speed, templateId: template.value, ...inserts } : null;
  const estimate = useQuery({
    ...estimateQueryOptions(estimateBody ?? { text: '' }),
    enabled: !!estimateBody,
  });

  /** Every option but the source and template: what the videos of a batch share too. */
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
    ...source.body!,
    templateId: template!.value,
    ...sharedOptions(),
  });

  const create = useAddVideo();
  // 生成分镜: the same request made into a storyboard to edit scene by scene before rendering.
  const storyboard = useCreateStoryboard((board) => {
    source.clearDrafts();
    void navigate(`/media/video/storyboard?id=${board.task.id}`);
  });

  /** Checks the form: shows what is missing and answers false, or clears the error and answers true. */
  const ready = () => {
    const problem = !source.body
      ? t(source.kind === 'article' ? 'video.needArticle' : 'video.needText')
      : [...source.text].length > VIDEO_TEXT_MAX
        ? t('video.tooLong', { max: VIDEO_TEXT_MAX })
        : !chosenVoice
          ? t('video.needVoice')
          : null;
    setError(problem);
    return !problem;
  };
  const handleCreate = () => {
    if (!ready()) return;
    create.mutate(requestBody(), {
      onSuccess: () => {
        source.clearDrafts();
        showToast(t('video.created'), 'success');
        void navigate('/media/video/list');
      },
    });
  };
  const handleStoryboard = () => {
    if (ready()) storyboard.mutate(requestBody());
  };
  const handlePickTemplate = (value: string) => {
    setTemplateId(value);
    setAnchor(null);
    setBgm(null);
  };
  const handleMusic = (next: MusicChoice) => {
    setBgm(next.music);
    setOwn(next.own);
    setVolumes({ voiceSlider: next.voiceSlider, musicSlider: next.musicSlider });
  };

  return {
    options,
    voices,
    source,
    mode,
    setMode,
    batchPick,
    setBatchPick,
    templates,
    template,
    handlePickTemplate,
    voiceList,
    chosenVoice,
    setVoice,
    slider,
    setSlider,
    speed,
    musicChoice: { music, own, ...volumes } satisfies MusicChoice,
    handleMusic,
    subtitleAnchor,
    setAnchor,
    imageSource,
    setImageSource,
    subtitleStyle,
    setSubtitleStyle,
    inserts,
    setInserts,
    estimate: estimate.data,
    /** What the batch's videos share; null while the form misses a voice (the batch's submit says so). */
    batchOptions: chosenVoice ? sharedOptions() : null,
    error,
    creating: create.isPending,
    handleCreate,
    storyboarding: storyboard.isPending,
    handleStoryboard,
  };
}
