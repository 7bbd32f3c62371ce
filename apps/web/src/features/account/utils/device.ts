import type { TDevice } from '@app/contract/account/sessions';
import {
  IconDeviceDesktop,
  IconDeviceMobile,
  IconDeviceTablet,
  IconDeviceUnknown,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';

export const DEVICE_ICONS: Record<TDevice['type'], typeof IconDeviceDesktop> = {
  mobile: IconDeviceMobile,
  tablet: IconDeviceTablet,
  desktop: IconDeviceDesktop,
  unknown: IconDeviceUnknown,
};

/** "Chrome on macOS", with words for what the user agent did not say. `t` is the account namespace's. */
export function deviceName(device: TDevice, t: TFunction): string {
  const { browser, os } = device;
  if (browser && os) return t('device.named', { browser, os });
  if (browser) return t('device.browserOnly', { browser });
  if (os) return t('device.osOnly', { os });
  return t('device.unknown');
}

const METHODS = ['phone', 'google', 'microsoft', 'facebook'];

/** "Google sign-in"; a method this screen does not know is shown as the server names it. */
export function methodLabel(method: string, t: TFunction): string {
  return METHODS.includes(method) ? t(`devices.methods.${method}`) : method;
}
