import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { AppShell, NotFoundRedirect } from './app-shell';
import { RoutePage } from './layout/route-page';
import { routes, type RouteDef } from './routes';

const underShell = (children: RouteObject[]): RouteObject[] => [
  { element: <AppShell />, children: [...children, { path: '*', element: <NotFoundRedirect /> }] },
];
const routeObject = (route: RouteDef): RouteObject => ({
  path: route.path,
  element: <RoutePage key={route.path} route={route} />,
});
const wholeTable = underShell(routes.map(routeObject));
const byPath = new Map(routes.map((route) => [route.path, underShell([routeObject(route)])]));

/**
 * Every route of the table under the shell; unknown paths go to the error page. Declarative routes (rendered
 * inside `HashRouter` in the app, `MemoryRouter` in tests) keep react-router's data layer out of the first
 * screen. React Router compiles a pattern for every route each time it matches (some 70 here, a long task on
 * a phone), so a path of the table is matched against its own route only; any other path (other case,
 * trailing slash, encoded characters, unknown) against the whole table, exactly as before.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  return useRoutes(byPath.get(pathname) ?? wholeTable);
}
