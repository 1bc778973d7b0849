// spec §9: mobile is a window under 768 px or a mobile user agent; tablet under 1024 px;
// anything else is a desktop.
import { clearRolePreference } from './storage-keys';

export const MOBILE_MAX_WIDTH_PX = 768;
export const TABLET_MAX_WIDTH_PX = 1024;

export type DeviceType = 'mobile' | 'tablet' | 'desktop';

const mobileUserAgent = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return mobileUserAgent.test(userAgent);
}

export function classifyDevice(width: number, userAgent: string): DeviceType {
  if (width < MOBILE_MAX_WIDTH_PX || isMobileUserAgent(userAgent)) return 'mobile';
  if (width < TABLET_MAX_WIDTH_PX) return 'tablet';
  return 'desktop';
}

/** This browser's device class, read now. */
export function detectDevice(): DeviceType {
  if (typeof window === 'undefined') return 'desktop';
  return classifyDevice(window.innerWidth, window.navigator.userAgent);
}

export function isMobileDevice(): boolean {
  return detectDevice() === 'mobile';
}

/**
 * spec §9: clears the saved role preference when on a mobile device, so a phone starts the
 * next session in the engineer app. Answers whether it cleared anything.
 */
export function clearRolePreferenceOnMobile(): boolean {
  if (!isMobileDevice()) return false;
  clearRolePreference();
  return true;
}
