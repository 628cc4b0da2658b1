import { Input, Select, type GetProps, type SelectProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type FilterOption = { value?: unknown; label?: ReactNode };

type FilterSelectProps<V> = { label: string; width?: number } & Omit<
  SelectProps<V, FilterOption>,
  'aria-label' | 'allowClear' | 'style'
>;

/**
 * A table filter above a list: a clearable select (clearing shows everything), named by its label for screen
 * readers and tests.
 */
export function FilterSelect<V>({ label, width = 160, ...props }: FilterSelectProps<V>) {
  return <Select<V, FilterOption> aria-label={label} style={{ width }} allowClear {...props} />;
}

/** The status filter of a list, named alike everywhere; empty means every status. */
export function StatusFilter<V>(props: Omit<FilterSelectProps<V>, 'label' | 'placeholder'>) {
  const { t } = useTranslation();
  return <FilterSelect<V> label={t('field.status')} placeholder={t('filter.allStatuses')} {...props} />;
}

/** A table's text filter: applied on Enter or the search button, cleared (everything shown) with its clear button. */
export function SearchFilter({ width, ...props }: { width: number } & Omit<GetProps<typeof Input.Search>, 'allowClear' | 'style'>) {
  return <Input.Search allowClear style={{ width }} {...props} />;
}
