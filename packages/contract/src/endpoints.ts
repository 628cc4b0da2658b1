import { commonInfoEndpoints } from './common-info.js';
import { imMessageEndpoints } from './im-message.js';
import { chatEndpoints } from './chat.js';
import { plazaEndpoints } from './plaza.js';
import { authEndpoints } from './auth.js';
import { userEndpoints } from './user.js';
import { accountDeletionEndpoints } from './account-deletion.js';
import { realNameEndpoints } from './real-name.js';
import { commerceEndpoints } from './commerce.js';
import { activityEndpoints } from './activity.js';
import { dictionaryEndpoints } from './dictionary.js';
import { censorEndpoints } from './censor.js';
import { filesEndpoints } from './files.js';
import { wechatEndpoints } from './wechat.js';
import { logExEndpoints } from './log-ex.js';
import { statsEndpoints } from './stats.js';
import { voiceEndpoints } from './voice.js';
import { drawingEndpoints } from './drawing.js';
import { videoEndpoints } from './video.js';
import { consoleEndpoints } from './console.js';
import { aiLabelEndpoints } from './ai-labels.js';

/** The one registry of every endpoint the server implements; server routes and the web client both read it. */
export const endpoints = {
  ...commonInfoEndpoints,
  ...imMessageEndpoints,
  ...chatEndpoints,
  ...plazaEndpoints,
  ...authEndpoints,
  ...userEndpoints,
  ...accountDeletionEndpoints,
  ...realNameEndpoints,
  ...commerceEndpoints,
  ...activityEndpoints,
  ...dictionaryEndpoints,
  ...censorEndpoints,
  ...filesEndpoints,
  ...wechatEndpoints,
  ...logExEndpoints,
  ...statsEndpoints,
  ...voiceEndpoints,
  ...drawingEndpoints,
  ...videoEndpoints,
  ...consoleEndpoints,
  ...aiLabelEndpoints,
};
export type EndpointName = keyof typeof endpoints;
