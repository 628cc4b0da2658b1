import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDraft } from '../../../shared/lib/use-draft';
import { EmptyState } from '../../../shared/ui/empty-state';
import { templateDetailQueryOptions } from '../api/templates';
import { useStartRun } from '../hooks/use-start-run';
import { checkFields } from '../lib/template-fields';
import { CreateForm } from './create-form';
import { TemplateFieldInput } from './template-field-input';

/** Creation from a template: its title and description, its fields (kept as a draft until generated), generate. */
export function TemplateCreate({ id }: { id: number }) {
  const { t } = useTranslation();
  const detail = useQuery(templateDetailQueryOptions(id));
  const [values, setValues, draft] = useDraft<Record<string, string>>(`create.template.${id}`, {});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const queryClient = useQueryClient();
  // A run counts one use of the template (server side, with the run): the lists and the detail show it at once.
  const { busy, start } = useStartRun(() => {
    draft.clear();
    void queryClient.invalidateQueries({ queryKey: ['templates'] });
  });

  if (detail.isPending) return <p className="temps-status">{t('common.loading')}</p>;
  if (!detail.data)
    return (
      <EmptyState
        title={t('temps.notFound')}
        testId="temps-not-found"
        action={
          <Link className="app-button" to="/pages/index/temps/index">
            {t('temps.allTemplates')}
          </Link>
        }
      />
    );
  const tpl = detail.data;

  const generate = async () => {
    const found = checkFields(tpl.fields, values, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    const fields = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v));
    await start({ content: '', templateId: tpl.id, fields });
  };

  return (
    <CreateForm busy={busy} onSubmit={() => void generate()}>
      <section className="temps-block">
        <h2 className="temps-detail__title">{tpl.title}</h2>
        <p className="temps-detail__desc">{tpl.description}</p>
      </section>
      <section className="temps-block">
        {tpl.fields.map((f) => (
          <TemplateFieldInput
            key={f.name}
            field={f}
            value={values[f.name] ?? ''}
            error={errors[f.name] ?? ''}
            onChange={(v) => {
              setValues((old) => ({ ...old, [f.name]: v }));
              if (errors[f.name]) setErrors((old) => ({ ...old, [f.name]: '' }));
            }}
          />
        ))}
      </section>
    </CreateForm>
  );
}
