import { useCallback, useEffect, useState } from 'react';

/**
 * Whether an element has come near the viewport yet (within `margin`); once it has, it stays
 * seen. Where the browser cannot tell (no IntersectionObserver), it counts as seen at once.
 */
export function useSeen<T extends Element>(margin = '100px'): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, margin, seen]);
  return [useCallback((node: T | null) => setElement(node), []), seen];
}
