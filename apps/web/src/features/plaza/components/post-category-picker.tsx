import { PLAZA_CATEGORIES } from '@app/contract';
import { useTranslation } from 'react-i18next';

/** The post editor's category, one of the plaza's. */
export function PostCategoryPicker({ value, onChange }: { value: number; onChange: (categoryId: number) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="post-page__label">{t('plaza.post.category')}</p>
      <div className="post-page__categories">
        {PLAZA_CATEGORIES.map((c) => (
          <button
            key={c.id}
            type="button"
            className={c.id === value ? 'post-page__category post-page__category--on' : 'post-page__category'}
            data-testid={`post-category-${c.key}`}
            onClick={() => onChange(c.id)}
          >
            {t(`plaza.category.${c.key}`)}
          </button>
        ))}
      </div>
    </>
  );
}
