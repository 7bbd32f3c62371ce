import { VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './chat-bubbles.module.css';

/** The list a conversation's bubbles go in, oldest first. */
export function ChatBubbles({ children }: { children: ReactNode }) {
  return <ol className={classes.messages}>{children}</ol>;
}

/**
 * One text of a conversation (the simulated phone, the Assistant screen): `in` is what the person
 * sent, drawn on the right as a phone's messages app does. The speaker is said to screen
 * readers, which do not see the sides.
 */
export function ChatBubble({
  direction,
  speaker,
  meta,
  testId,
  children,
}: {
  direction: 'in' | 'out';
  speaker?: string;
  meta?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <li
      className={`${classes.message} ${direction === 'in' ? classes.in : classes.out}`}
      data-testid={testId}
    >
      {speaker ? <VisuallyHidden>{speaker}:</VisuallyHidden> : null}
      <div className={classes.bubble}>{children}</div>
      {meta ? <div className={classes.meta}>{meta}</div> : null}
    </li>
  );
}
