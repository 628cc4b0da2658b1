import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './id-card-photo.css';

/** One side of the ID card: tap to pick a JPEG or PNG, shown as a preview until submitted. */
export function IdCardPhoto({ side, file, onChange }: { side: 'front' | 'back'; file: File | null; onChange: (file: File | null) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <button type="button" className="id-card-photo" data-testid={`id-card-${side}`} onClick={() => input.current?.click()}>
      {preview ? <img src={preview} alt="" /> : <span className="id-card-photo__plus">+</span>}
      <span className="id-card-photo__label">{t(`realName.photos.${side}`)}</span>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png"
        hidden
        data-testid={`id-card-${side}-file`}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
    </button>
  );
}
