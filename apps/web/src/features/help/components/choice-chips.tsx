/** One choice out of a few, shown as a row of chips (a radio group): feedback type, report target and reason. */
export function ChoiceChips<K extends string>({
  label,
  options,
  value,
  onChange,
  labelOf,
  testIdPrefix,
}: {
  label: string;
  options: readonly K[];
  /** The chosen option; null while none is chosen. */
  value: K | null;
  onChange: (key: K) => void;
  labelOf: (key: K) => string;
  testIdPrefix: string;
}) {
  return (
    <div className="form-field">
      <span className="form-field__label">{label}</span>
      <div className="help-chips" role="radiogroup">
        {options.map((key) => (
          <button
            key={key}
            type="button"
            role="radio"
            aria-checked={value === key}
            className="help-chip"
            data-testid={`${testIdPrefix}-${key}`}
            onClick={() => onChange(key)}
          >
            {labelOf(key)}
          </button>
        ))}
      </div>
    </div>
  );
}
