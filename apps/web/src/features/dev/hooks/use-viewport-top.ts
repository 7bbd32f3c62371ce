import { useLayoutEffect, useRef, useState } from 'react';

/**
 * How far below the top of the page an element starts, kept up to date: the simulated phone
 * fills the rest of the screen, and what is above it (the local-mode banner, which arrives with
 * the app's config and wraps differently at each width) has no fixed height.
 */
export function useViewportTop<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setTop(Math.round(element.getBoundingClientRect().top + window.scrollY));
    measure();
    // The body resizes whenever something above the element appears or wraps anew.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);
  return [ref, top] as const;
}
