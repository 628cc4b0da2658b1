// Public entry of the chat module (AI copy chat with the robot, prompt templates).
export { chatModule, type ChatModule } from './chat.module.js';
export { createChatService, type ChatService, type RobotHistoryQuery } from './chat.service.js';
export { SEED_TEMPLATES, seedPromptTemplates } from './template.seed.js';
export { dailyChatQuestions } from './chat.repository.js';
export type { TemplateAdmin } from './template.admin.js';
