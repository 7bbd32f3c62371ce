import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { CodeInput } from '../components/code-input';

initI18n({ lng: 'en' });

function Harness({
  onEnter = () => undefined,
  initial = '',
}: {
  onEnter?: (code: string) => void;
  initial?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider>
      <CodeInput value={value} onChange={setValue} onEnter={() => onEnter(value)} />
      <output data-testid="value">{value}</output>
    </MantineProvider>
  );
}

const boxes = () => screen.getAllByRole('textbox');
const value = () => screen.getByTestId('value').textContent;

describe('CodeInput', () => {
  it('has five numeric boxes, the first offering SMS autofill', () => {
    render(<Harness />);
    expect(boxes()).toHaveLength(5);
    for (const box of boxes()) expect(box).toHaveAttribute('inputmode', 'numeric');
    expect(boxes()[0]).toHaveAttribute('autocomplete', 'one-time-code');
    expect(boxes()[2]).toHaveAccessibleName('Digit 3 of 5');
  });

  it('moves to the next box as each digit is typed, ignoring letters', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0]!);
    await user.keyboard('1a2b3');
    expect(value()).toBe('123');
    expect(boxes()[3]).toHaveFocus();
    await user.keyboard('45');
    expect(value()).toBe('12345');
  });

  it('Backspace clears, then goes back a box', async () => {
    const user = userEvent.setup();
    render(<Harness initial="123" />);
    await user.click(boxes()[3]!);
    await user.keyboard('{Backspace}');
    expect(value()).toBe('12');
    expect(boxes()[2]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(value()).toBe('1');
    expect(boxes()[1]).toHaveFocus();
  });

  it('a paste spreads its first five digits from the first box', () => {
    render(<Harness />);
    fireEvent.paste(boxes()[2]!, { clipboardData: { getData: () => 'Code: 98-76 54 321' } });
    expect(value()).toBe('98765');
    expect(boxes().map((b) => (b as HTMLInputElement).value)).toEqual(['9', '8', '7', '6', '5']);
  });

  it('a whole code autofilled into one box spreads across all five', () => {
    render(<Harness />);
    fireEvent.change(boxes()[0]!, { target: { value: '24680' } });
    expect(value()).toBe('24680');
  });

  it('Enter in any box verifies', async () => {
    const user = userEvent.setup();
    const onEnter = vi.fn();
    render(<Harness onEnter={onEnter} initial="13579" />);
    await user.click(boxes()[1]!);
    await user.keyboard('{Enter}');
    expect(onEnter).toHaveBeenCalledWith('13579');
  });
});
