/** A 0–100 % bar (role progressbar); `className` is the feature's look, its span the filled part. */
export function ProgressBar({ className, percent }: { className: string; percent: number }) {
  return (
    <div className={className} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <span style={{ width: `${percent}%` }} />
    </div>
  );
}
