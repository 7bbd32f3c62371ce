import { Text, type TextProps, Tooltip } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/**
 * A value that must stay on one line (an email address): cut with an ellipsis where it does not
 * fit, and shown whole in a tooltip on hover or keyboard focus. The whole text stays in the page,
 * so a screen reader reads all of it; the value takes a tab stop only while it is cut.
 * A touch opens no tooltip: on a phone the row it sits in opens the details, which show it whole.
 */
export function TruncatedText({ children, ...props }: { children: string } & TextProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setCut(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <Tooltip
      label={children}
      disabled={!cut}
      events={{ hover: true, focus: true, touch: false }}
      multiline
      maw="min(90vw, 420px)"
      style={{ overflowWrap: 'anywhere' }}
      withinPortal
    >
      <Text
        component="span"
        display="block"
        ref={ref}
        truncate="end"
        tabIndex={cut ? 0 : undefined}
        {...props}
      >
        {children}
      </Text>
    </Tooltip>
  );
}
