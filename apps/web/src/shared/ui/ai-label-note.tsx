import { useAiTextLabel } from '../lib/ai-label';
import './ai-label-note.css';

/** The text label where an AI answer is read: "内容由 AI 生成" (wording from app_config, the reader's language). */
export function AiLabelNote() {
  const label = useAiTextLabel();
  return (
    <p className="ai-label-note" data-testid="ai-label">
      {label}
    </p>
  );
}
