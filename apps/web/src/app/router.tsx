import { Route, Routes } from 'react-router';
import { AppShell, NotFoundRedirect } from './app-shell';
import { RoutePage } from './layout/route-page';
import { routes } from './routes';

/**
 * Every route of the table under the shell; unknown paths go to the error page. Declarative routes
 * (rendered inside `HashRouter` in the app, `MemoryRouter` in tests) keep react-router's data layer
 * out of the first screen.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        {routes.map((route) => (
          <Route key={route.path} path={route.path} element={<RoutePage key={route.path} route={route} />} />
        ))}
        <Route path="*" element={<NotFoundRedirect />} />
      </Route>
    </Routes>
  );
}
