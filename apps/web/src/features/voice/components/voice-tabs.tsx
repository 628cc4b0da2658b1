import type { ReactNode } from 'react';

/** The pill tabs of the dubbing pages; `children` goes at the row's end (a link). */
export function VoiceTabs<Tab extends string>({
  tabs,
  value,
  onChange,
  labelOf,
  testIdPrefix,
  children,
}: {
  tabs: readonly Tab[];
  value: Tab;
  onChange: (tab: Tab) => void;
  labelOf: (tab: Tab) => string;
  testIdPrefix: string;
  children?: ReactNode;
}) {
  return (
    <div className="voice-tabs" role="tablist">
      {tabs.map((key) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={value === key}
          className="voice-tabs__tab"
          data-testid={`${testIdPrefix}-${key}`}
          onClick={() => onChange(key)}
        >
          {labelOf(key)}
        </button>
      ))}
      {children}
    </div>
  );
}
