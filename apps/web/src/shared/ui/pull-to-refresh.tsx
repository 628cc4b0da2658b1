import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './pull-to-refresh.css';

type Status = 'pulling' | 'canRelease' | 'refreshing' | 'complete';

/** antd-mobile's PullToRefresh defaults: a 40px head, "refreshed" shown for 500 ms. */
const HEAD_HEIGHT = 40;
const COMPLETE_DELAY_MS = 500;
/** Must match the head's height transition in pull-to-refresh.css. */
const SETTLE_MS = 300;

/** antd-mobile's rubber band: past the top the head follows the finger ever more slowly (at most 5 heads). */
const pulledHeight = (distance: number): number => {
  const dimension = HEAD_HEIGHT * 5;
  const constant = 0.5;
  return (distance * dimension * constant) / (dimension + constant * distance);
};

/** Whether every scrolling ancestor of the touched element, and the window, is scrolled to the top. */
const atTop = (target: EventTarget | null): boolean => {
  for (
    let node = target instanceof Element ? target : null;
    node && node !== document.body;
    node = node.parentElement
  ) {
    const { overflowY } = window.getComputedStyle(node);
    if (/scroll|auto|overlay/.test(overflowY) && node.scrollHeight > node.clientHeight && node.scrollTop > 0)
      return false;
  }
  return window.scrollY <= 0;
};

interface PullToRefreshProps {
  /** Pulled height (px) past which releasing refreshes; spec §9: 45. */
  threshold: number;
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}

/**
 * Pull-to-refresh (spec §9: colour #2384f5, threshold 45px) with antd-mobile's behaviour, texts and feel (40px
 * head, rubber band, "release to refresh", "refreshed" for 500 ms), on native touch events: antd-mobile's own
 * brings its spring and gesture libraries (about 25 KB gzip) to the first screen of the plaza tab.
 */
export function PullToRefresh({ threshold, onRefresh, children }: PullToRefreshProps) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('pulling');
  const statusRef = useRef<Status>('pulling');
  const props = useRef({ threshold, onRefresh });
  useEffect(() => {
    props.current = { threshold, onRefresh };
  });

  useEffect(() => {
    const root = rootRef.current;
    const head = headRef.current;
    if (!root || !head) return undefined;
    let alive = true;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const wait = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, ms);
        timers.add(timer);
      });
    /** Sets the head's height, following the finger (no transition) or settling smoothly. */
    const setHeight = (height: number, settle: boolean) => {
      head.style.transition = settle ? '' : 'none';
      head.style.height = `${height}px`;
    };
    const show = (next: Status) => {
      statusRef.current = next;
      if (alive) setStatus(next);
    };

    let gesture: { x: number; y: number; pulling: boolean | undefined; height: number } | undefined;

    const refresh = async () => {
      setHeight(HEAD_HEIGHT, true);
      show('refreshing');
      try {
        await props.current.onRefresh();
        show('complete');
        await wait(COMPLETE_DELAY_MS);
      } catch {
        // A failed refresh just closes the head; the page shows its own error state.
      }
      setHeight(0, true);
      await wait(SETTLE_MS);
      show('pulling');
    };

    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      const busy = statusRef.current === 'refreshing' || statusRef.current === 'complete';
      gesture =
        touch && event.touches.length === 1 && !busy
          ? { x: touch.clientX, y: touch.clientY, pulling: undefined, height: 0 }
          : undefined;
    };
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!gesture || !touch) return;
      const dx = touch.clientX - gesture.x;
      const dy = touch.clientY - gesture.y;
      // Decided on the first move: a downward, mostly vertical drag that starts at the top of the page pulls.
      gesture.pulling ??= dy > 0 && Math.abs(dy) >= Math.abs(dx) && atTop(event.target);
      if (!gesture.pulling) return;
      if (event.cancelable) event.preventDefault();
      event.stopPropagation();
      gesture.height = Math.max(pulledHeight(Math.ceil(dy)), 0);
      setHeight(gesture.height, false);
      const next = gesture.height > props.current.threshold ? 'canRelease' : 'pulling';
      if (next !== statusRef.current) show(next);
    };
    const onEnd = () => {
      const ended = gesture;
      gesture = undefined;
      if (!ended?.pulling) return;
      if (statusRef.current === 'canRelease') void refresh();
      else setHeight(0, true);
    };

    root.addEventListener('touchstart', onStart, { passive: true });
    root.addEventListener('touchmove', onMove, { passive: false });
    root.addEventListener('touchend', onEnd);
    root.addEventListener('touchcancel', onEnd);
    return () => {
      alive = false;
      for (const timer of timers) clearTimeout(timer);
      root.removeEventListener('touchstart', onStart);
      root.removeEventListener('touchmove', onMove);
      root.removeEventListener('touchend', onEnd);
      root.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  return (
    <div ref={rootRef} className="pull-refresh" data-testid="pull-to-refresh">
      <div ref={headRef} className="pull-refresh__head">
        <div
          className="pull-refresh__text"
          style={{ height: HEAD_HEIGHT }}
          data-testid="pull-to-refresh-text"
        >
          {t(`common.pullToRefresh.${status}`)}
        </div>
      </div>
      <div className="pull-refresh__content">{children}</div>
    </div>
  );
}
