import type { ChatRun } from '../api/chat-run';

/** One bubble of the chat: a question, or an answer (stored, or being written by its run). */
export interface Turn {
  key: string;
  role: 'user' | 'assistant';
  text: string;
  status: 'pending' | 'streaming' | 'done' | 'stopped' | 'error';
  provider: string | null;
  /** The question an answer replies to (regenerate). */
  questionId: number | null;
  /** A stored answer's id (continue). */
  messageId: number | null;
  run?: ChatRun;
}
