import type { ChatRun } from '../api/chat-run';
import type { Turn } from '../lib/chat-turn';
import { useRun } from '../lib/use-run';
import { AnswerBubble } from './answer-bubble';

interface TurnActions {
  onRegenerate: (questionId: number) => void;
  /** Continue a stopped answer, written on in the bubble of `turnKey`. */
  onContinue: (turnKey: string, messageId: number, text: string) => void;
}

/** An answer being written by its run (or continued), followed as it streams. */
function LiveAnswer({ run, onRegenerate, onContinue }: { run: ChatRun; onRegenerate: (questionId: number) => void; onContinue: (messageId: number, text: string) => void }) {
  const state = useRun(run);
  return (
    <AnswerBubble
      answer={state}
      canRegenerate={state.questionId !== undefined}
      onRegenerate={() => state.questionId !== undefined && onRegenerate(state.questionId)}
      onContinue={state.messageId !== undefined ? () => onContinue(state.messageId!, state.text) : undefined}
    />
  );
}

function UserBubble({ text }: { text: string }) {
  return (
    <div className="chat-row chat-row--me" data-testid="chat-question">
      <div className="chat-bubble chat-bubble--me">{text}</div>
    </div>
  );
}

/** The chat's bubbles: questions, stored answers and answers being written (a continued one by its new run). */
export function ChatTurns({ turns, continued, onRegenerate, onContinue }: { turns: Turn[]; continued: Record<string, ChatRun> } & TurnActions) {
  return turns.map((turn) => {
    if (turn.role === 'user') return <UserBubble key={turn.key} text={turn.text} />;
    const continueTurn = (messageId: number, text: string) => onContinue(turn.key, messageId, text);
    const run = continued[turn.key] ?? turn.run;
    return run ? (
      <LiveAnswer key={turn.key} run={run} onRegenerate={onRegenerate} onContinue={continueTurn} />
    ) : (
      <AnswerBubble
        key={turn.key}
        answer={turn}
        canRegenerate={turn.questionId !== null}
        onRegenerate={() => turn.questionId !== null && onRegenerate(turn.questionId)}
        onContinue={turn.messageId !== null ? () => continueTurn(turn.messageId!, turn.text) : undefined}
      />
    );
  });
}
