import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadPageMessages } from '../../../shared/i18n';
import { resetDictionaries } from '../../../shared/lib/dictionary';
import { createQueryClient, envelope, Providers } from '../../../test/render-app';
import { VipBenefits } from './vip-navs';

const benefit = (id: number, value: string, label: string) => ({
  id,
  label,
  value,
  data: { kind: 'benefit', description: label, link: null },
  sort: id,
  status: 1,
  remark: null,
});
const voice = (value: string, vipOnly: boolean, offline: boolean) => ({
  value,
  label: value,
  engine: offline ? 'espeak' : 'openai',
  lang: 'zh',
  gender: 'female',
  vipOnly,
  description: '',
  maxChars: 1000,
  available: true,
  offline,
});

const renderBenefits = async (voices: ReturnType<typeof voice>[]) => {
  await initI18n('zh-Hans');
  await loadPageMessages();
  resetDictionaries();
  const items = [benefit(1, 'benefit-unlimited-questions', '无限次 AI 提问'), benefit(2, 'benefit-voices', '专属配音')];
  localStorage.setItem('dict:app_vip_nav', JSON.stringify({ type: 'object', data: { version: 3, items } }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = String(input);
      if (url === '/api/sysDictData/versions') return envelope({ app_vip_nav: 3 });
      if (url.startsWith('/api/textToSpeech/voices')) return envelope({ voices, goldPerWord: 20, goldPerSubtitleMinute: 0, transcribes: false });
      return envelope(null);
    }),
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <VipBenefits />
    </Providers>,
  );
  await screen.findByTestId('vip-benefit-benefit-unlimited-questions');
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('VIP benefits advertise what is configured', () => {
  it('no 专属配音 while the member voices are offline ones', async () => {
    await renderBenefits([voice('f1', false, true), voice('vip-espeak', true, true)]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByTestId('vip-benefit-benefit-voices')).toBeNull();
  });

  it('专属配音 once a natural member-only voice is configured', async () => {
    await renderBenefits([voice('f1', false, true), voice('nova', true, false)]);
    expect(await screen.findByTestId('vip-benefit-benefit-voices')).toHaveTextContent('专属配音');
  });
});
