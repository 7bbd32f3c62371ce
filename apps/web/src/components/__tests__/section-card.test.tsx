import { Button, MantineProvider, Text } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SectionCard } from '../section-card';

const renderCard = (ui: React.ReactElement) => render(<MantineProvider>{ui}</MantineProvider>);

// The one card of billing and account (issue 19, 3.4): a region named by its heading.
describe('SectionCard', () => {
  it('is a landmark named by its heading, with its description, action and body', () => {
    renderCard(
      <SectionCard title="Devices" description="Where you are signed in" action={<Button>Sign out</Button>}>
        <Text>body</Text>
      </SectionCard>,
    );
    const region = screen.getByRole('region', { name: 'Devices' });
    expect(within(region).getByRole('heading', { level: 2, name: 'Devices' })).toBeInTheDocument();
    expect(within(region).getByText('Where you are signed in')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(region).getByText('body')).toBeInTheDocument();
  });

  it('keeps two cards on one screen apart, each named by its own heading', () => {
    renderCard(
      <>
        <SectionCard title="Current Plan" summary={<Text>Starter Plan</Text>} />
        <SectionCard title="Usage" />
      </>,
    );
    expect(
      within(screen.getByRole('region', { name: 'Current Plan' })).getByText('Starter Plan'),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Usage' })).toBeInTheDocument();
  });

  it('marks the danger zone', () => {
    renderCard(<SectionCard title="Delete account" danger />);
    expect(screen.getByRole('region', { name: 'Delete account' }).className).toMatch(/danger/);
  });
});
