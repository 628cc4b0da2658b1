import type { ReactNode } from 'react';

/**
 * A row of tabs, one per key (testids `<testIdPrefix>-<key>`); the chosen one is `aria-selected`, which the
 * feature's CSS styles. `children` goes at the row's end (a link).
 */
export function Tabs<Tab extends string>({
  tabs,
  value,
  onChange,
  labelOf,
  testIdPrefix,
  className,
  tabClassName,
  children,
}: {
  tabs: readonly Tab[];
  value: Tab;
  onChange: (tab: Tab) => void;
  labelOf: (tab: Tab) => string;
  testIdPrefix: string;
  /** The row's and each tab's CSS class. */
  className: string;
  tabClassName: string;
  children?: ReactNode;
}) {
  return (
    <div className={className} role="tablist">
      {tabs.map((key) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={value === key}
          className={tabClassName}
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
