import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, LANGUAGES } from '../i18n';

/**
 * Each language named in itself, so anyone finds theirs. A dropdown menu rather than a Select: the shell loads
 * the menu component anyway, and the first screen stays lighter.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: LANGUAGES.map((language) => ({ key: language, label: t(`language.${language}`) })),
        onClick: ({ key }) => {
          if (isLanguage(key)) void changeLanguage(key);
        },
      }}
    >
      <Button icon={<GlobalOutlined />} aria-label={t('header.language')} data-testid="language-switcher">
        {t(`language.${isLanguage(i18n.language) ? i18n.language : 'zh-Hans'}`)}
      </Button>
    </Dropdown>
  );
}
