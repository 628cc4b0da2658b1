import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { drawOptionsQueryOptions } from '../api/draw-options';
import { myDrawingsQueryOptions } from '../api/my-drawings';
import { useDrawProgress } from '../api/use-draw-progress';
import { DrawChoices } from '../components/draw-choices';
import { DrawLinks } from '../components/draw-links';
import { DrawPromptField } from '../components/draw-prompt-field';
import { NegativePromptField } from '../components/negative-prompt-field';
import { RecentDrawings } from '../components/recent-drawings';
import { RoleImagePicker } from '../components/role-image-picker';
import { SourcePicker } from '../components/source-picker';
import { useDrawForm } from '../hooks/use-draw-form';
import '../components/drawing.css';

/** Spec §2 /draw/index: the prompt form (translate, style, ratio, count, roles, negative prompt, cost) and my recent tasks. */
export function DrawPage() {
  const { t } = useTranslation();
  useDrawProgress();
  const options = useQuery(drawOptionsQueryOptions());
  const mine = useQuery(myDrawingsQueryOptions());
  const maxChars = options.data?.maxPromptChars ?? 1000;
  const form = useDrawForm(maxChars);
  const cost = (options.data?.goldPerImage ?? 0) * form.count;

  return (
    <div className="draw-page" data-testid="draw-page">
      <section className="draw-panel">
        <DrawPromptField value={form.prompt} onChange={form.setPrompt} maxChars={maxChars} />
        <DrawChoices
          style={form.style}
          onStyle={form.setStyle}
          ratio={form.ratio}
          onRatio={form.setRatio}
          count={form.count}
          onCount={form.setCount}
        />
        <RoleImagePicker roleIds={form.roleIds} onChange={form.setRoleIds} supported={options.data?.roleImages} />
        {options.data?.sourceImage ? (
          <SourcePicker
            value={form.source}
            onChange={form.setSource}
            drawings={mine.data?.items ?? []}
            offline={options.data.offline}
          />
        ) : null}
        <NegativePromptField value={form.negative} onChange={form.setNegative} />

        {form.seed !== null ? (
          <p className="draw-muted" data-testid="draw-seed">
            {form.remixOf
              ? t('drawing.form.seedRemix', { seed: form.seed })
              : t('drawing.form.seed', { seed: form.seed })}{' '}
            <button type="button" className="draw-link-button" data-testid="draw-seed-clear" onClick={form.clearSeed}>
              {t('drawing.form.seedClear')}
            </button>
          </p>
        ) : null}
        <p className="draw-cost" data-testid="draw-cost">
          {options.data
            ? t('drawing.form.cost', { gold: cost, count: form.count, price: options.data.goldPerImage })
            : t('common.loading')}
        </p>
        {options.data?.offline ? (
          <p className="draw-muted" data-testid="draw-engine-offline">
            {t('drawing.form.offlineEngine')}
          </p>
        ) : null}
        {form.problem ? (
          <p className="draw-error" role="alert" data-testid="draw-problem">
            {form.problem}
          </p>
        ) : null}
        <button
          type="button"
          className="draw-button"
          data-testid="draw-submit"
          disabled={form.submitting}
          onClick={form.handleSubmit}
        >
          {form.submitting ? t('drawing.form.submitting') : t('drawing.form.submit')}
        </button>
        <DrawLinks />
      </section>

      <RecentDrawings mine={mine} focusId={form.startedId} />
    </div>
  );
}
