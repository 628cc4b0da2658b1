import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

interface PagedHistory {
  pageCount: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The chat list's scrolling: it stays at the bottom while an answer grows unless the user scrolled up to read,
 * keeps the composer above a phone's on-screen keyboard, loads older history near the top and keeps what the
 * user was looking at in place when it arrives. `stick()` brings it back to the bottom (a new question).
 */
export function useChatScroll(history: PagedHistory) {
  const page = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const sticking = useRef(true);

  useEffect(() => {
    const el = content.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (sticking.current && list.current) list.current.scrollTop = list.current.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Phones: keep the composer above the on-screen keyboard (the visual viewport shrinks, the layout one may not).
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const fit = () => {
      const keyboard = Math.max(0, window.innerHeight - viewport.height - viewport.offsetTop);
      page.current?.style.setProperty('--chat-keyboard', `${keyboard}px`);
      if (keyboard > 0 && sticking.current && list.current) list.current.scrollTop = list.current.scrollHeight;
    };
    viewport.addEventListener('resize', fit);
    viewport.addEventListener('scroll', fit);
    return () => {
      viewport.removeEventListener('resize', fit);
      viewport.removeEventListener('scroll', fit);
    };
  }, []);

  // Older history prepended: keep what the user was looking at in place.
  const heightBefore = useRef<number | null>(null);
  const { pageCount } = history;
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    if (heightBefore.current !== null) {
      el.scrollTop += el.scrollHeight - heightBefore.current;
      heightBefore.current = null;
    } else if (pageCount === 1) el.scrollTop = el.scrollHeight;
  }, [pageCount]);

  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    sticking.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < 60 && history.hasNextPage && !history.isFetchingNextPage) {
      heightBefore.current = el.scrollHeight;
      void history.fetchNextPage();
    }
  };
  const stick = useCallback(() => {
    sticking.current = true;
  }, []);

  return { page, list, content, onScroll, stick };
}
