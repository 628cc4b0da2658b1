import {
  AuditOutlined,
  DashboardOutlined,
  FileTextOutlined,
  LogoutOutlined,
  SettingOutlined,
  ShoppingOutlined,
  SolutionOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Alert, Avatar, Button, Layout, Menu, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../shared/lib/api';
import { useOperator } from '../../shared/lib/operator';
import { setSession } from '../../shared/lib/session';
import { LanguageSwitcher } from '../../shared/ui/language-switcher';
import { CONSOLE_ROUTES } from '../routes';

const icons = {
  dashboard: <DashboardOutlined />,
  queues: <SolutionOutlined />,
  content: <FileTextOutlined />,
  users: <TeamOutlined />,
  commerce: <ShoppingOutlined />,
  config: <SettingOutlined />,
  audit: <AuditOutlined />,
};

/** Side menu, a header with the operator and the language, and the page. */
export function ConsoleLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const operator = useOperator();
  const [collapsed, setCollapsed] = useState(false);
  const refused = operator.error instanceof ApiError && operator.error.code === 403;

  useEffect(() => {
    const title = CONSOLE_ROUTES.find((route) => pathname.startsWith(route.path))?.title;
    document.title = `${title ? `${t(title)} · ` : ''}${t('app.title')}`;
  }, [pathname, t]);

  if (refused) {
    return (
      <div className="centered">
        <Alert
          type="error"
          showIcon
          message={t('login.notOperator')}
          action={
            <Button type="primary" onClick={() => setSession(null)}>
              {t('header.logout')}
            </Button>
          }
        />
      </div>
    );
  }
  const selected = CONSOLE_ROUTES.find((route) => pathname.startsWith(route.path))?.path ?? '/dashboard';
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider collapsible collapsed={collapsed} onCollapse={setCollapsed} width={208}>
        <div className="console-logo">{collapsed ? t('app.short') : t('app.title')}</div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[selected]}
          items={CONSOLE_ROUTES.map((route) => ({ key: route.path, icon: icons[route.icon], label: t(route.title) }))}
          onClick={({ key }) => void navigate(key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header">
          <Typography.Text strong>{t(CONSOLE_ROUTES.find((route) => route.path === selected)?.title ?? 'app.title')}</Typography.Text>
          <Space size="middle">
            <Typography.Text type="secondary" data-testid="time-zone">
              {t('timeZone.label')}
            </Typography.Text>
            <LanguageSwitcher />
            {operator.data ? (
              <Space data-testid="operator">
                <Avatar src={operator.data.avatar || undefined}>{operator.data.nickName.slice(0, 1)}</Avatar>
                <Typography.Text>{operator.data.nickName || operator.data.account}</Typography.Text>
              </Space>
            ) : (
              <Spin size="small" />
            )}
            <Button icon={<LogoutOutlined />} onClick={() => setSession(null)}>
              {t('header.logout')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="console-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
