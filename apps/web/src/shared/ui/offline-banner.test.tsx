import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n, loadLanguage } from '../i18n';
import { OfflineBanner } from './offline-banner';

const goOffline = () => act(() => void window.dispatchEvent(new Event('offline')));
const goOnline = () => act(() => void window.dispatchEvent(new Event('online')));

describe('offline banner', () => {
  beforeEach(async () => {
    await initI18n('zh-Hans');
  });

  it('appears while the connection is gone, says the typed text is kept, and goes when it returns', () => {
    render(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    goOffline();
    expect(screen.getByRole('status')).toHaveTextContent('网络已断开，输入的内容会为你保留');
    goOnline();
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it("speaks the reader's language", async () => {
    await loadLanguage('fr');
    render(<OfflineBanner />);
    goOffline();
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('Vous êtes hors ligne. Votre saisie est conservée.');
    goOnline();
  });
});
