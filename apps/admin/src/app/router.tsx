import { Empty, Spin } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { useSession } from '../shared/lib/session';
import { PageLoadBoundary } from '../shared/ui/page-load-boundary';

// The login and the shell load on demand too: whichever the operator sees first is all the first screen carries.
const LoginPage = lazy(() => import('../features/auth/login-page').then((m) => ({ default: m.LoginPage })));
const ConsoleLayout = lazy(() => import('./layout/console-layout').then((m) => ({ default: m.ConsoleLayout })));

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
  <PageLoadBoundary>
    <Suspense
      fallback={
        <div className="centered">
          <Spin />
        </div>
      }
    >
      {node}
    </Suspense>
  </PageLoadBoundary>
);

function NotFound() {
  const { t } = useTranslation();
  return <Empty className="centered" description={`${t('notFound.title')} · ${t('notFound.text')}`} />;
}

export function ConsoleRoutes() {
  const session = useSession();
  const navigate = useNavigate();
  if (!session) {
    return (
      <Routes>
        <Route path="*" element={page(<LoginPage onLoggedIn={() => void navigate('/dashboard', { replace: true })} />)} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route element={page(<ConsoleLayout />)}>
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
