import { Result, Spin } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { LoginPage } from '../features/auth/login-page';
import { useSession } from '../shared/lib/session';
import { ConsoleLayout } from './layout/console-layout';

// Every page but the login loads on demand: the first screen carries the shell only.
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const QueuesPage = lazy(() => import('../features/queues/queues-page').then((m) => ({ default: m.QueuesPage })));
const ContentPage = lazy(() => import('../features/content/content-page').then((m) => ({ default: m.ContentPage })));
const UsersPage = lazy(() => import('../features/users/users-page').then((m) => ({ default: m.UsersPage })));
const UserDetailPage = lazy(() => import('../features/users/user-detail-page').then((m) => ({ default: m.UserDetailPage })));
const CommercePage = lazy(() => import('../features/commerce/commerce-page').then((m) => ({ default: m.CommercePage })));
const ConfigPage = lazy(() => import('../features/config/config-page').then((m) => ({ default: m.ConfigPage })));
const AuditPage = lazy(() => import('../features/audit/audit-page').then((m) => ({ default: m.AuditPage })));


const page = (node: ReactNode) => (
  <Suspense
    fallback={
      <div className="centered">
        <Spin />
      </div>
    }
  >
    {node}
  </Suspense>
);

function NotFound() {
  const { t } = useTranslation();
  return <Result status="404" title={t('notFound.title')} subTitle={t('notFound.text')} />;
}

export function ConsoleRoutes() {
  const session = useSession();
  const navigate = useNavigate();
  if (!session) {
    return (
      <Routes>
        <Route path="*" element={<LoginPage onLoggedIn={() => void navigate('/dashboard', { replace: true })} />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route element={<ConsoleLayout />}>
        <Route index element={<Navigate to="/dashboard" replace />} />
        <Route path="/dashboard" element={page(<DashboardPage />)} />
        <Route path="/queues/:queue?" element={page(<QueuesPage />)} />
        <Route path="/content/:tab?" element={page(<ContentPage />)} />
        <Route path="/users" element={page(<UsersPage />)} />
        <Route path="/users/:userId" element={page(<UserDetailPage />)} />
        <Route path="/commerce/:tab?" element={page(<CommercePage />)} />
        <Route path="/config/:tab?" element={page(<ConfigPage />)} />
        <Route path="/audit" element={page(<AuditPage />)} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
