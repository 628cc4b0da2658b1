/** One toggle of a row of choices (a style, a ratio, a source): pressed while it is the one chosen. */
export function Chip({
  pressed,
  label,
  onClick,
  testId,
  className,
  disabled = false,
}: {
  pressed: boolean;
  label: string;
  onClick: () => void;
  testId?: string;
  /** The page's chip style. */
  className: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className={className}
      aria-pressed={pressed}
      data-testid={testId}
      disabled={disabled}
      onClick={onClick}
    >
      {label}
    </button>
  );
}
