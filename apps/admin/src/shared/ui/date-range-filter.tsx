import { DatePicker } from 'antd';

/** A table filter by day: from the start of the range's first day to the end of its last (ISO times); cleared, both undefined. */
export function DateRangeFilter({ onChange }: { onChange: (range: { from?: string; to?: string }) => void }) {
  return (
    <DatePicker.RangePicker
      onChange={(range) =>
        onChange({ from: range?.[0]?.startOf('day').toISOString(), to: range?.[1]?.endOf('day').toISOString() })
      }
    />
  );
}
