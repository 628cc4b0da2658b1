/** Saves text or a URL as a file through a temporary link (works in browsers and most WebViews). */
export const saveAs = (source: Blob | string, name: string) => {
  const href = typeof source === 'string' ? source : URL.createObjectURL(source);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  if (typeof source !== 'string') setTimeout(() => URL.revokeObjectURL(href), 10_000);
};

export const saveSrt = (srt: string, name: string) =>
  saveAs(new Blob([srt], { type: 'application/x-subrip' }), name);

/** Seconds as `m:ss.s` for the timed lines on screen. */
export const clock = (seconds: number) => {
  const m = Math.floor(seconds / 60);
  const s = seconds - m * 60;
  return `${m}:${s.toFixed(1).padStart(4, '0')}`;
};
