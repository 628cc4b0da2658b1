import type { AnyModuleDefinition } from './platform/module.js';
import { accountDeletionModule } from './modules/account-deletion/index.js';
import { activityModule } from './modules/activity/index.js';
import { authModule } from './modules/auth/index.js';
import { censorModule } from './modules/censor/index.js';
import { chatModule } from './modules/chat/index.js';
import { commerceModule } from './modules/commerce/index.js';
import { commonInfoModule } from './modules/common-info/index.js';
import { consoleModule } from './modules/console/index.js';
import { dictionaryModule } from './modules/dictionary/index.js';
import { drawingModule } from './modules/drawing/index.js';
import { filesModule } from './modules/files/index.js';
import { helpModule } from './modules/help/index.js';
import { historyModule } from './modules/history/index.js';
import { imMessageModule } from './modules/im-message/index.js';
import { logExModule } from './modules/log-ex/index.js';
import { moderationModule } from './modules/moderation/index.js';
import { plazaModule } from './modules/plaza/index.js';
import { realNameModule } from './modules/real-name/index.js';
import { statsModule } from './modules/stats/index.js';
import { usersModule } from './modules/users/index.js';
import { videoModule } from './modules/video/index.js';
import { voiceModule } from './modules/voice/index.js';
import { wechatModule } from './modules/wechat/index.js';

/**
 * Every feature module, in the one order both processes build them (`createModules`): a module comes after
 * the modules it needs (users after auth, help after the message centre, the console last). The API adds each
 * one's routes in this order; the worker adds only their jobs.
 */
export const MODULES: readonly AnyModuleDefinition[] = [
  commonInfoModule,
  chatModule,
  historyModule,
  authModule,
  dictionaryModule,
  moderationModule,
  usersModule,
  realNameModule,
  censorModule,
  plazaModule,
  filesModule,
  wechatModule,
  logExModule,
  statsModule,
  imMessageModule,
  commerceModule,
  activityModule,
  helpModule,
  videoModule,
  voiceModule,
  drawingModule,
  accountDeletionModule,
  consoleModule,
];
