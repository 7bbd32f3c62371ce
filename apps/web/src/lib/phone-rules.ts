import type * as PhoneRulesModule from '@app/contract/phone';
import { useCallback, useState } from 'react';

export type PhoneRules = typeof PhoneRulesModule;

let loaded: PhoneRules | null = null;
let loading: Promise<PhoneRules> | null = null;

/**
 * The phone rules (per-country formatting and checks, with their metadata: the largest part of
 * a phone field) load when someone starts on a phone field, not with the page. A failed load is
 * tried again on the next call.
 */
export function loadPhoneRules(): Promise<PhoneRules> {
  loading ??= import('@app/contract/phone').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The rules once loaded (null before), and `load`, for the field's first focus or keystroke. */
export function usePhoneRules(): { rules: PhoneRules | null; load: () => void } {
  const [rules, setRules] = useState(loaded);
  const load = useCallback(() => {
    if (!rules) loadPhoneRules().then(setRules, () => undefined);
  }, [rules]);
  return { rules, load };
}
