import { useTranslation } from 'react-i18next';
import { AppConfigTab } from './app-config-tab';
import { CommonInfoTab } from './common-info-tab';
import { DictionaryTab } from './dictionary-tab';
import { ProfilesTab } from './profiles-tab';
import { PromptTemplatesTab } from './prompt-templates-tab';
import { SensitiveWordsTab } from './sensitive-words-tab';
import { RoutedTabs } from '../../shared/ui/routed-tabs';
import { withFeedback } from '../../shared/ui/with-feedback';

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
  return <RoutedTabs base="config" panels={panels} label={(tab) => t(`config.${tab}`)} />;
}

export const ConfigPage = withFeedback(ConfigView);
