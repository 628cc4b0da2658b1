/** The menu: path, title key and icon name, in order (the one route table of the console). */
export const CONSOLE_ROUTES = [
  { path: '/dashboard', title: 'menu.dashboard', icon: 'dashboard' },
  { path: '/queues', title: 'menu.queues', icon: 'queues' },
  { path: '/content', title: 'menu.content', icon: 'content' },
  { path: '/users', title: 'menu.users', icon: 'users' },
  { path: '/commerce', title: 'menu.commerce', icon: 'commerce' },
  { path: '/config', title: 'menu.config', icon: 'config' },
  { path: '/audit', title: 'menu.audit', icon: 'audit' },
] as const;
