import { createContext, useContext } from 'react';

/** What the shell tells a page about its route (title key, path); shared so features need not import app/. */
export interface RouteMeta {
  path: string;
  titleKey: string;
}

export const RouteMetaContext = createContext<RouteMeta>({ path: '/', titleKey: 'title.home' });
export const useRouteMeta = (): RouteMeta => useContext(RouteMetaContext);

/** Where "back with no history" and "back home" go in this build (set by the shell). */
export const HomePathContext = createContext<string>('/pages/index/index');
export const useHomePath = (): string => useContext(HomePathContext);
