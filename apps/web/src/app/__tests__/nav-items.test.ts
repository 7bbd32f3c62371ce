import { describe, expect, it } from 'vitest';
import { NAV_SECTIONS } from '@/app/layouts/nav-items';

const integrations = NAV_SECTIONS[0]!.items[0]!;

describe('side navigation active rule', () => {
  it.each(['/', '/integrations', '/calendar', '/calendar/settings', '/calendarx'])(
    'Integrations is active on %s',
    (p) => {
      expect(integrations.isActive(p)).toBe(true);
    },
  );

  it.each(['/assistant', '/billing', '/contact', '/account', '/integrations/x', '/privacy'])(
    'Integrations is not active on %s',
    (p) => {
      expect(integrations.isActive(p)).toBe(false);
    },
  );

  it('groups Integrations and the Assistant under Main; Billing, Contact and the account screen under Account', () => {
    expect(NAV_SECTIONS.map((s) => [s.labelKey, s.items.map((i) => i.labelKey)])).toEqual([
      ['nav.main', ['nav.integrations', 'nav.assistant']],
      ['nav.account', ['nav.billing', 'nav.contact', 'nav.myAccount']],
    ]);
  });
});
