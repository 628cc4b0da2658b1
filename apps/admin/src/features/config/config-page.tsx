import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AppConfigTab } from './app-config-tab';
import { CommonInfoTab } from './common-info-tab';
import { DictionaryTab } from './dictionary-tab';
import { ProfilesTab } from './profiles-tab';
import { PromptTemplatesTab } from './prompt-templates-tab';
import { SensitiveWordsTab } from './sensitive-words-tab';
import { withFeedback } from '../../shared/ui/with-feedback';

const TABS = ['dictionary', 'appConfig', 'sensitiveWords', 'promptTemplates', 'commonInfo', 'profiles'] as const;
const panels = {
  dictionary: DictionaryTab,
  appConfig: AppConfigTab,
  sensitiveWords: SensitiveWordsTab,
  promptTemplates: PromptTemplatesTab,
  commonInfo: CommonInfoTab,
  profiles: ProfilesTab,
};

/** Dictionaries, app_config, sensitive words, prompt templates, common info and the service profiles. */
function ConfigView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const param = useParams().tab;
  const tab = TABS.find((name) => name === param) ?? 'dictionary';
  const Panel = panels[tab];
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => void navigate(`/config/${key}`)}
        items={TABS.map((name) => ({ key: name, label: t(`config.${name}`) }))}
      />
      <Panel key={tab} />
    </Card>
  );
}

export const ConfigPage = withFeedback(ConfigView);
