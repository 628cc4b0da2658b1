// Public entry of the history module: what a user made or looked at, recorded by other modules.
export { historyModule } from './history.module.js';
export { recordHistory, type HistoryEntry, type HistoryKind } from './history.repository.js';
