import { CREATION_DECLARATIONS, type CreationDeclaration } from '@app/contract';
import { useTranslation } from 'react-i18next';

/**
 * 创作声明: AI生成, 虚构演绎, 取材网络, 个人观点, or none. A work made with our AI tools (`locked`) is declared AI生成
 * and the choice cannot be changed (the server holds the same rule).
 */
export function PostDeclarationPicker({
  value,
  locked,
  onChange,
}: {
  value: CreationDeclaration | null;
  locked: boolean;
  onChange: (declaration: CreationDeclaration | null) => void;
}) {
  const { t } = useTranslation();
  const shown = locked ? 'ai_generated' : value;
  const options: (CreationDeclaration | null)[] = [null, ...CREATION_DECLARATIONS];
  return (
    <>
      <p className="post-page__label">{t('plaza.post.declaration')}</p>
      <div className="post-page__categories" role="radiogroup" aria-label={t('plaza.post.declaration')}>
        {options.map((option) => (
          <button
            key={option ?? 'none'}
            type="button"
            role="radio"
            aria-checked={option === shown}
            disabled={locked && option !== 'ai_generated'}
            className={option === shown ? 'post-page__category post-page__category--on' : 'post-page__category'}
            data-testid={`post-declaration-${option ?? 'none'}`}
            onClick={() => onChange(option)}
          >
            {t(`plaza.declaration.${option ?? 'none'}`)}
          </button>
        ))}
      </div>
      {locked ? (
        <p className="post-page__label" data-testid="post-declaration-locked">
          {t('plaza.post.declarationLocked')}
        </p>
      ) : null}
    </>
  );
}
