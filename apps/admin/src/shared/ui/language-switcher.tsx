import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, LANGUAGES } from '../i18n';

/** Each language named in itself, so anyone finds theirs. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <Select
      aria-label={t('header.language')}
      data-testid="language-switcher"
      value={i18n.language}
      suffixIcon={<GlobalOutlined />}
      style={{ width: 130 }}
      options={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
      onChange={(value: string) => {
        if (isLanguage(value)) void changeLanguage(value);
      }}
    />
  );
}
