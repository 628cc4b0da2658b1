import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/lib/api';
import { LanguageSwitcher } from '../../shared/ui/language-switcher';
import { logIn, NotOperatorError } from './api/log-in';

interface LoginForm {
  account: string;
  password: string;
}

/**
 * Operators log in with the app's ordinary password login; the console then asks `consoleMe`, which only
 * the admin role passes. Anyone else is logged out again and told so on this screen.
 */
export function LoginPage({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  // The bench's first-screen measure ends here (bench/admin.bench.mjs).
  useEffect(() => {
    performance.mark('console-ready:login');
  }, []);

  const handleFinish = async (values: LoginForm) => {
    setBusy(true);
    setFailure(undefined);
    try {
      await logIn({ account: values.account.trim(), password: values.password });
      onLoggedIn();
    } catch (caught) {
      setFailure(caught instanceof NotOperatorError ? t('login.notOperator') : errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login-screen">
      <Card className="login-card">
        <div className="login-head">
          <Typography.Title level={3}>{t('app.title')}</Typography.Title>
          <LanguageSwitcher />
        </div>
        <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
        {failure && <Alert type="error" showIcon message={failure} className="login-alert" data-testid="login-error" />}
        <Form<LoginForm> layout="vertical" onFinish={(values) => void handleFinish(values)} requiredMark={false}>
          <Form.Item
            name="account"
            label={t('login.account')}
            rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
