/**
 * Asks for a picture ahead of the element that will show it (a first screen's largest paint), at high priority:
 * the element then finds it in the cache instead of asking once it has rendered.
 */
export const preloadImage = (url: string) => {
  if (document.head.querySelector(`link[rel="preload"][as="image"][href="${CSS.escape(url)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  link.href = url;
  document.head.appendChild(link);
};
