import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  DRAW_MAX_COUNT,
  drawRatios,
  drawStyles,
  type DrawRatio,
  type DrawSource,
  type DrawStyle,
} from '@app/contract';
import { ApiError } from '../../../shared/lib/api/api-error';
import { checkTextBeforeSend } from '../../../shared/lib/text-check';
import { useDraft } from '../../../shared/lib/use-draft';
import { showToast } from '../../../shared/ui/feedback';
import { useImagine } from '../api/imagine';

/** A whole number param within [0, max], else null. */
const intParam = (value: string | null, max: number): number | null => {
  const n = value === null || value === '' ? NaN : Number(value);
  return Number.isSafeInteger(n) && n >= 0 && n <= max ? n : null;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/**
 * The drawing form's state, opened from the link's params (draw again, 一键同款) or the kept drafts, and its
 * submit: checked here (prompt, length, listed words), then sent; a refusal is shown as the form's problem.
 */
export function useDrawForm(maxChars: number) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // A prompt handed in by a link (draw again) wins over the draft; typed prompts are kept until sent.
  const handed = params.has('prompt');
  const [prompt, setPrompt, promptDraft] = useDraft('draw.prompt', params.get('prompt') ?? '', { restore: !handed });
  const [negative, setNegative, negativeDraft] = useDraft('draw.negative', params.get('negativePrompt') ?? '', { restore: !handed });
  const [style, setStyle] = useState<DrawStyle>(oneOf(drawStyles, params.get('style'), 'none'));
  const [ratio, setRatio] = useState<DrawRatio>(oneOf(drawRatios, params.get('ratio'), '1:1'));
  const [count, setCount] = useState(Math.min(DRAW_MAX_COUNT, Math.max(1, Number(params.get('count')) || 1)));
  const [roleIds, setRoleIds] = useState<number[]>([]);
  const [source, setSource] = useState<DrawSource | null>(null);
  // 一键同款 keeps the work's seed (and counts the remix on it) unless the user lets it go.
  const [seed, setSeed] = useState(intParam(params.get('seed'), 2_147_483_647));
  const [remixOf, setRemixOf] = useState(intParam(params.get('remixOf'), Number.MAX_SAFE_INTEGER) || null);
  const [problem, setProblem] = useState<string | null>(null);
  /** The task just started: the page brings its card into view (it lands below the form, off screen on a phone). */
  const [startedId, setStartedId] = useState<number | null>(null);
  const submit = useImagine();

  const send = () =>
    submit.mutate(
      {
        prompt: prompt.trim(),
        negativePrompt: negative.trim() || undefined,
        style,
        ratio,
        count,
        roleImageIds: roleIds.length ? roleIds : undefined,
        source: source ?? undefined,
        seed: seed ?? undefined,
        remixOf: remixOf ?? undefined,
      },
      {
        onSuccess: (task) => {
          setStartedId(task.id);
          promptDraft.clear();
          negativeDraft.clear();
          showToast(t('drawing.form.accepted'), 'success');
        },
        onError: (error) => {
          if (error instanceof ApiError) setProblem(error.message);
        },
      },
    );
  const handleSubmit = () => {
    setProblem(null);
    if (!prompt.trim()) return setProblem(t('drawing.form.needPrompt'));
    if ([...prompt.trim()].length > maxChars) return setProblem(t('drawing.form.tooLong', { max: maxChars }));
    // Listed words are named here before anything is sent; the server's censor has the last word.
    void checkTextBeforeSend(prompt, negative).then((found) => (found ? setProblem(found) : send()));
  };
  const clearSeed = () => {
    setSeed(null);
    setRemixOf(null);
  };

  return {
    prompt, setPrompt, negative, setNegative, style, setStyle, ratio, setRatio, count, setCount,
    roleIds, setRoleIds, source, setSource, seed, remixOf, clearSeed, problem, startedId,
    submitting: submit.isPending, handleSubmit,
  };
}
