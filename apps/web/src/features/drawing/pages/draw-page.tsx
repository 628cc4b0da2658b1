import { useQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  DRAW_MAX_COUNT,
  DRAW_MAX_ROLE_IMAGES,
  drawRatios,
  drawStyles,
  type DrawRatio,
  type DrawSource,
  type DrawStyle,
} from '@app/contract';
import { ApiError } from '../../../shared/lib/api/api-error';
import { showToast } from '../../../shared/ui/feedback';
import { EmptyState, LoadFailed } from '../../../shared/ui/empty-state';
import { checkTextBeforeSend } from '../../../shared/lib/text-check';
import { useDraft } from '../../../shared/lib/use-draft';
import { drawOptionsQueryOptions } from '../api/draw-options';
import { useImagine } from '../api/imagine';
import { myDrawingsQueryOptions } from '../api/my-drawings';
import { roleImagesQueryOptions, useUploadRoleImages } from '../api/role-images';
import { useTranslatePrompt } from '../api/translate-prompt';
import { useUploadForUpscale } from '../api/upscale';
import { useDrawProgress } from '../api/use-draw-progress';
import { DrawCard } from '../components/draw-card';
import { SourcePicker } from '../components/source-picker';
import { Chip } from '../../../shared/ui/chip';
import '../components/drawing.css';

/** A whole number param within [0, max], else null. */
const intParam = (value: string | null, max: number): number | null => {
  const n = value === null || value === '' ? NaN : Number(value);
  return Number.isSafeInteger(n) && n >= 0 && n <= max ? n : null;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** Spec §2 /draw/index: the prompt form (translate, style, ratio, count, roles, negative prompt, cost) and my recent tasks. */
export function DrawPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  useDrawProgress();
  const options = useQuery(drawOptionsQueryOptions());
  const mine = useQuery(myDrawingsQueryOptions());
  const roles = useQuery(roleImagesQueryOptions());
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
  const [more, setMore] = useState(negative !== '');
  const [problem, setProblem] = useState<string | null>(null);

  const maxChars = options.data?.maxPromptChars ?? 1000;
  const cost = (options.data?.goldPerImage ?? 0) * count;

  const translate = useTranslatePrompt();
  const handleTranslate = () =>
    translate.mutate(prompt, {
      onSuccess: (result) => {
        setPrompt(result.text);
        showToast(
          result.offline ? t('drawing.form.translatedOffline') : t('drawing.form.translated'),
          'success',
        );
      },
    });
  const navigate = useNavigate();
  // 高清放大 of a picture of mine: it becomes a private work whose detail offers ×2 and ×4.
  const uploadPicture = useUploadForUpscale();
  const handleUpscaleFile = (file: File) =>
    uploadPicture.mutate(file, { onSuccess: (work) => void navigate(`/draw/home/detail?id=${work.id}`) });
  const upload = useUploadRoleImages((added) =>
    setRoleIds((ids) => [...ids, ...added.map((r) => r.id)].slice(0, DRAW_MAX_ROLE_IMAGES)),
  );
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
        onSuccess: () => {
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
    // Emoji and listed words are named here before anything is sent; the server's censor has the last word.
    void checkTextBeforeSend(prompt, negative).then((found) => (found ? setProblem(found) : send()));
  };
  const handleFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])].slice(0, DRAW_MAX_ROLE_IMAGES);
    event.target.value = '';
    if (files.length) upload.mutate(files);
  };
  const toggleRole = (id: number) =>
    setRoleIds((ids) =>
      ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id].slice(0, DRAW_MAX_ROLE_IMAGES),
    );

  const chip = (pressed: boolean, label: string, onClick: () => void, testId: string) => (
    <Chip
      key={testId}
      className="draw-chip"
      pressed={pressed}
      label={label}
      onClick={onClick}
      testId={testId}
    />
  );

  return (
    <div className="draw-page" data-testid="draw-page">
      <section className="draw-panel">
        <p className="draw-label">
          <span>{t('drawing.form.prompt')}</span>
          <button
            type="button"
            className="draw-link-button"
            data-testid="draw-translate"
            disabled={!prompt.trim() || translate.isPending}
            onClick={handleTranslate}
          >
            {translate.isPending ? t('drawing.form.translating') : t('drawing.form.translate')}
          </button>
        </p>
        <textarea
          className="draw-textarea"
          data-testid="draw-prompt"
          value={prompt}
          placeholder={t('drawing.form.promptPlaceholder')}
          onChange={(e) => setPrompt(e.target.value)}
        />
        <p className="draw-muted" data-testid="draw-counter">
          {t('drawing.form.counter', { count: [...prompt].length, max: maxChars })}
        </p>

        <p className="draw-label">{t('drawing.form.style')}</p>
        <div className="draw-chips">
          {drawStyles.map((s) =>
            chip(style === s, t(`drawing.styles.${s}`), () => setStyle(s), `draw-style-${s}`),
          )}
        </div>
        <p className="draw-label">{t('drawing.form.ratio')}</p>
        <div className="draw-chips">
          {drawRatios.map((r) =>
            chip(ratio === r, r, () => setRatio(r), `draw-ratio-${r.replace(':', 'x')}`),
          )}
        </div>
        <p className="draw-label">{t('drawing.form.count')}</p>
        <div className="draw-chips">
          {Array.from({ length: DRAW_MAX_COUNT }, (_, i) => i + 1).map((n) =>
            chip(
              count === n,
              t('drawing.form.countValue', { count: n }),
              () => setCount(n),
              `draw-count-${n}`,
            ),
          )}
        </div>

        <p className="draw-label">
          <span>{t('drawing.form.roles')}</span>
          <label className="draw-link-button">
            {upload.isPending ? t('toast.uploading') : t('drawing.form.addRole')}
            <input
              type="file"
              accept="image/png,image/jpeg,image/gif"
              multiple
              hidden
              data-testid="draw-role-file"
              onChange={handleFiles}
            />
          </label>
        </p>
        {roles.data?.length ? (
          <div className="draw-roles">
            {roles.data.map((role) => (
              <button
                key={role.id}
                type="button"
                className="draw-role"
                aria-pressed={roleIds.includes(role.id)}
                aria-label={t('drawing.form.roleLabel', { id: role.id })}
                onClick={() => toggleRole(role.id)}
              >
                <img src={role.url} alt="" />
              </button>
            ))}
          </div>
        ) : (
          <p className="draw-muted">{t('drawing.form.rolesHint')}</p>
        )}
        {options.data && !options.data.roleImages && roleIds.length ? (
          <p className="draw-muted">{t('drawing.form.rolesUnused')}</p>
        ) : null}

        {options.data?.sourceImage ? (
          <SourcePicker
            value={source}
            onChange={setSource}
            drawings={mine.data?.items ?? []}
            offline={options.data.offline}
          />
        ) : null}

        <button
          type="button"
          className="draw-link-button"
          data-testid="draw-more"
          onClick={() => setMore((m) => !m)}
        >
          {more ? t('drawing.form.less') : t('drawing.form.more')}
        </button>
        {more ? (
          <>
            <p className="draw-label">{t('drawing.form.negative')}</p>
            <textarea
              className="draw-textarea"
              data-testid="draw-negative"
              value={negative}
              placeholder={t('drawing.form.negativePlaceholder')}
              onChange={(e) => setNegative(e.target.value)}
            />
          </>
        ) : null}

        {seed !== null ? (
          <p className="draw-muted" data-testid="draw-seed">
            {remixOf ? t('drawing.form.seedRemix', { seed }) : t('drawing.form.seed', { seed })}{' '}
            <button
              type="button"
              className="draw-link-button"
              data-testid="draw-seed-clear"
              onClick={() => {
                setSeed(null);
                setRemixOf(null);
              }}
            >
              {t('drawing.form.seedClear')}
            </button>
          </p>
        ) : null}
        <p className="draw-cost" data-testid="draw-cost">
          {options.data
            ? t('drawing.form.cost', { gold: cost, count, price: options.data.goldPerImage })
            : t('common.loading')}
        </p>
        {options.data?.offline ? (
          <p className="draw-muted" data-testid="draw-engine-offline">
            {t('drawing.form.offlineEngine')}
          </p>
        ) : null}
        {problem ? (
          <p className="draw-error" role="alert" data-testid="draw-problem">
            {problem}
          </p>
        ) : null}
        <button
          type="button"
          className="draw-button"
          data-testid="draw-submit"
          disabled={submit.isPending}
          onClick={handleSubmit}
        >
          {submit.isPending ? t('drawing.form.submitting') : t('drawing.form.submit')}
        </button>
        <p className="draw-muted">
          <Link to="/draw/me/tutorial">{t('drawing.form.tutorial')}</Link> ·{' '}
          <Link to="/draw/home/hall">{t('drawing.form.hall')}</Link> ·{' '}
          <Link to="/draw/publish/article">{t('drawing.form.article')}</Link> ·{' '}
          <Link to="/draw/me/info">{t('drawing.form.mine')}</Link> ·{' '}
          <label className="draw-link-button">
            {uploadPicture.isPending ? t('toast.uploading') : t('drawing.form.uploadToUpscale')}
            <input
              type="file"
              accept="image/png,image/jpeg"
              hidden
              data-testid="draw-upscale-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) handleUpscaleFile(file);
              }}
            />
          </label>
        </p>
      </section>

      <h2 className="draw-label">{t('drawing.recent')}</h2>
      {mine.isPending ? (
        <p className="draw-muted">{t('common.loading')}</p>
      ) : mine.isError ? (
        <LoadFailed title={t('drawing.loadFailed')} onRetry={() => void mine.refetch()} />
      ) : mine.data.items.length === 0 ? (
        <EmptyState title={t('drawing.emptyMine')} testId="draw-empty" />
      ) : (
        <ul className="draw-cards" data-testid="draw-recent">
          {mine.data.items.slice(0, 10).map((task) => (
            <li key={task.id}>
              <DrawCard task={task} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
