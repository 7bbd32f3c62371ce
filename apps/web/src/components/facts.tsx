import { Text, type TextProps } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

/**
 * Short facts on one line, "a · b · c". Each fact keeps together, so on a phone the line
 * breaks between facts ("Network 203.0.113.x" is never split after "Network").
 */
export function Facts({ items, ...props }: { items: ReactNode[] } & TextProps) {
  return (
    <Text c="dimmed" {...props}>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, rendered whole each time
        <Fragment key={index}>
          {index > 0 ? <span aria-hidden> · </span> : null}
          <span style={{ whiteSpace: 'nowrap' }}>{item}</span>
        </Fragment>
      ))}
    </Text>
  );
}
