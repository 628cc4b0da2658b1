import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DUB_PAUSE_MAX, DUB_PAUSE_MIN, stripDubMarks, toneMarked, type VoiceOption } from '@app/contract';
import { pinyinQueryOptions } from '../api/readings';
import { insertPause, lineTokens, removeRange, setReading, type EditorLine } from '../lib/dub-script';

const CJK = /^[\u3400-\u9fff\uf900-\ufaff]$/;
const PAUSE_CHOICES = [0.3, 0.5, 1, 1.5, 2, 3, 5].filter((s) => s >= DUB_PAUSE_MIN && s <= DUB_PAUSE_MAX);

/** The readings a tapped character may take (pinyin-pro on the server), to fix it. */
function ReadingPicker({
  text,
  index,
  char,
  current,
  onPick,
  onClose,
}: {
  text: string;
  index: number;
  char: string;
  current: string | null;
  onPick: (pinyin: string | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const readings = useQuery(pinyinQueryOptions(stripDubMarks(text)));
  const info = readings.data?.chars[index];
  return (
    <div
      className="dub-picker"
      role="dialog"
      aria-label={t('voice.editor.readingOf', { char })}
      data-testid="dub-picker"
    >
      <p className="dub-picker__title">
        {t('voice.editor.readingOf', { char })}
        {info?.reading ? (
          <span className="voice-muted">
            {' '}
            · {t('voice.editor.readingNow', { reading: toneMarked(current ?? info.reading) })}
          </span>
        ) : null}
      </p>
      {readings.isPending ? <p className="voice-muted">{t('common.loading')}</p> : null}
      <div className="dub-picker__options">
        {(info?.options ?? []).map((option) => (
          <button
            key={option}
            type="button"
            className={`dub-chip${option === current ? ' dub-chip--on' : ''}`}
            data-testid={`dub-reading-${option}`}
            onClick={() => onPick(option)}
          >
            {toneMarked(option)}
          </button>
        ))}
        {current ? (
          <button
            type="button"
            className="dub-chip"
            data-testid="dub-reading-default"
            onClick={() => onPick(null)}
          >
            {t('voice.editor.readingDefault')}
          </button>
        ) : null}
        <button type="button" className="dub-chip dub-chip--ghost" onClick={onClose}>
          {t('voice.editor.close')}
        </button>
      </div>
    </div>
  );
}

/**
 * One line of the dubbing editor: who says it, its text with pause chips and reading fixes shown as ruby (tap a
 * character to fix it), and a free preview of the line alone.
 */
export function DubLineEditor({
  line,
  index,
  selected,
  voice,
  canRemove,
  previewing,
  onSelect,
  onChange,
  onBlur,
  onRemove,
  onPreview,
}: {
  line: EditorLine;
  index: number;
  selected: boolean;
  voice: VoiceOption | null;
  canRemove: boolean;
  previewing: boolean;
  onSelect: () => void;
  onChange: (patch: Partial<Omit<EditorLine, 'key'>>) => void;
  onBlur: () => void;
  onRemove: () => void;
  onPreview: () => void;
}) {
  const { t } = useTranslation();
  const area = useRef<HTMLTextAreaElement>(null);
  const [pause, setPause] = useState(1);
  const [picking, setPicking] = useState<{ at: number; index: number; char: string } | null>(null);
  const tokens = lineTokens(line.text);
  const suffix = index === 0 ? '' : `-${index}`;
  const picked = picking ? tokens.find((tok) => tok.kind === 'char' && tok.at === picking.at) : undefined;

  return (
    <section
      className={`dub-line${selected ? ' dub-line--on' : ''}`}
      data-testid={`dub-line-${index}`}
      aria-current={selected}
      onFocusCapture={onSelect}
      onClick={onSelect}
    >
      <div className="dub-line__head">
        <input
          className="dub-line__speaker"
          data-testid={`dub-speaker-${index}`}
          value={line.speaker}
          maxLength={16}
          placeholder={t('voice.editor.speaker')}
          aria-label={t('voice.editor.speaker')}
          onChange={(event) => onChange({ speaker: event.target.value })}
        />
        <span className="dub-line__voice" data-testid={`dub-line-voice-${index}`}>
          {voice?.label ?? t('voice.needVoice')} · {t('voice.speed.value', { speed: line.speed })}
        </span>
        <button
          type="button"
          className="dub-chip"
          data-testid={`dub-line-preview-${index}`}
          aria-pressed={previewing}
          onClick={(event) => {
            event.stopPropagation();
            onPreview();
          }}
        >
          {previewing ? '♪' : '▶'} {t('voice.editor.previewLine')}
        </button>
        {canRemove ? (
          <button
            type="button"
            className="dub-chip dub-chip--ghost"
            data-testid={`dub-line-remove-${index}`}
            aria-label={t('voice.editor.remove')}
            onClick={(event) => {
              event.stopPropagation();
              onRemove();
            }}
          >
            ✕
          </button>
        ) : null}
      </div>
      <textarea
        ref={area}
        className="voice-textarea"
        data-testid={`dub-text${suffix}`}
        value={line.text}
        placeholder={t('voice.text.placeholder')}
        rows={index === 0 ? 4 : 2}
        onChange={(event) => onChange({ text: event.target.value })}
        onBlur={onBlur}
      />
      <div className="dub-line__tools">
        <button
          type="button"
          className="dub-chip"
          data-testid={`dub-pause-${index}`}
          onClick={() => {
            const cursor = area.current?.selectionStart ?? line.text.length;
            onChange({ text: insertPause(line.text, cursor, pause) });
          }}
        >
          ‖ {t('voice.editor.pause', { seconds: pause })}
        </button>
        <select
          className="dub-select"
          data-testid={`dub-pause-seconds-${index}`}
          aria-label={t('voice.editor.pauseLength')}
          value={pause}
          onChange={(event) => setPause(Number(event.target.value))}
        >
          {PAUSE_CHOICES.map((s) => (
            <option key={s} value={s}>
              {t('voice.editor.seconds', { seconds: s })}
            </option>
          ))}
        </select>
        <span className="voice-muted">{t('voice.editor.tapHint')}</span>
      </div>
      {tokens.length ? (
        <p className="dub-ruby" data-testid={`dub-ruby-${index}`} lang="zh-CN">
          {tokens.map((token) =>
            token.kind === 'pause' ? (
              <button
                key={`p${token.from}`}
                type="button"
                className="dub-pause-chip"
                data-testid={`dub-pause-chip-${index}`}
                aria-label={t('voice.editor.removePause', { seconds: token.seconds })}
                onClick={() => onChange({ text: removeRange(line.text, token.from, token.to) })}
              >
                ‖{token.seconds}s
              </button>
            ) : CJK.test(token.char) ? (
              <button
                key={`c${token.at}`}
                type="button"
                className={`dub-char${token.reading ? ' dub-char--fixed' : ''}`}
                data-testid={`dub-char-${index}-${token.index}`}
                onClick={() => setPicking({ at: token.at, index: token.index, char: token.char })}
              >
                <ruby>
                  {token.char}
                  <rt>{token.reading ? toneMarked(token.reading) : ''}</rt>
                </ruby>
              </button>
            ) : (
              <span key={`c${token.at}`}>{token.char}</span>
            ),
          )}
        </p>
      ) : null}
      {picking && picked?.kind === 'char' ? (
        <ReadingPicker
          text={line.text}
          index={picking.index}
          char={picking.char}
          current={picked.reading}
          onPick={(pinyin) => {
            onChange({ text: setReading(line.text, picking.at, pinyin) });
            setPicking(null);
          }}
          onClose={() => setPicking(null)}
        />
      ) : null}
    </section>
  );
}
