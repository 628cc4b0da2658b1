import { useEffect, useRef, useState, type ReactNode } from 'react';
import './banner-swiper.css';

/** Spec §9: the home swiper turns every 5000 ms with a 500 ms transition. */
export const SWIPER_INTERVAL_MS = 5000;
export const SWIPER_DURATION_MS = 500;

interface BannerSwiperProps {
  slides: { key: string | number; content: ReactNode; label: string }[];
  interval?: number;
  duration?: number;
}

/**
 * A light swiper (CSS transform + touch), so the first screen does not carry an animation library.
 * Autoplays, loops, follows the finger and pauses while touched.
 */
export function BannerSwiper({ slides, interval = SWIPER_INTERVAL_MS, duration = SWIPER_DURATION_MS }: BannerSwiperProps) {
  const [index, setIndex] = useState(0);
  const [drag, setDrag] = useState<number | null>(null);
  const start = useRef<{ x: number; y: number; width: number } | null>(null);
  const count = slides.length;
  const current = count ? index % count : 0;

  useEffect(() => {
    if (count < 2 || drag !== null) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), interval);
    return () => clearInterval(timer);
  }, [count, interval, drag]);

  const offset = drag === null ? 0 : drag;
  return (
    <div
      className="banner-swiper"
      data-testid="banner-swiper"
      onTouchStart={(event) => {
        const touch = event.touches[0];
        if (!touch || count < 2) return;
        start.current = { x: touch.clientX, y: touch.clientY, width: event.currentTarget.clientWidth || 1 };
        setDrag(0);
      }}
      onTouchMove={(event) => {
        const touch = event.touches[0];
        if (!touch || !start.current) return;
        setDrag(((touch.clientX - start.current.x) / start.current.width) * 100);
      }}
      onTouchEnd={() => {
        if (start.current && drag !== null && Math.abs(drag) > 15) {
          setIndex((i) => (i + (drag < 0 ? 1 : count - 1)) % count);
        }
        start.current = null;
        setDrag(null);
      }}
    >
      <div
        className="banner-swiper__track"
        style={{
          transform: `translateX(${-current * 100 + offset}%)`,
          transition: drag === null ? `transform ${duration}ms ease` : 'none',
        }}
      >
        {slides.map((slide, i) => (
          <div className="banner-swiper__slide" key={slide.key} aria-hidden={i !== current} aria-label={slide.label}>
            {slide.content}
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className="banner-swiper__dots">
          {slides.map((slide, i) => (
            <span key={slide.key} className={i === current ? 'banner-swiper__dot banner-swiper__dot--active' : 'banner-swiper__dot'} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
