import { App } from 'antd';
import type { ComponentType } from 'react';

/**
 * Gives a page antd's message and modal context (App.useApp). Only pages with actions load it, so the
 * dashboard and the login screen stay lighter.
 */
export const withFeedback =
  <P extends object>(Page: ComponentType<P>) =>
  (props: P) => (
    <App component={false}>
      <Page {...props} />
    </App>
  );
