import { Select, type SelectProps } from 'antd';
import type { ReactNode } from 'react';

type FilterOption = { value?: unknown; label?: ReactNode };

/**
 * A table filter above a list: a clearable select (clearing shows everything), named by its label for screen
 * readers and tests.
 */
export function FilterSelect<V>({
  label,
  width = 160,
  ...props
}: { label: string; width?: number } & Omit<
  SelectProps<V, FilterOption>,
  'aria-label' | 'allowClear' | 'style'
>) {
  return <Select<V, FilterOption> aria-label={label} style={{ width }} allowClear {...props} />;
}
