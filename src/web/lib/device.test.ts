import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  classifyDevice,
  clearRolePreferenceOnMobile,
  detectDevice,
  isMobileUserAgent,
  MOBILE_MAX_WIDTH_PX,
  TABLET_MAX_WIDTH_PX,
} from './device';
import { readRolePreference, ROLE_PREFERENCE_KEY, saveRolePreference } from './storage-keys';

const desktopUa =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const iphoneUa =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const androidUa =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36';

let userAgentSpy: { mockRestore: () => void } | null = null;

function setWindow(width: number, userAgent: string) {
  vi.stubGlobal('innerWidth', width);
  userAgentSpy?.mockRestore();
  userAgentSpy = vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent);
}

afterEach(() => {
  vi.unstubAllGlobals();
  userAgentSpy?.mockRestore();
  userAgentSpy = null;
});

describe('device classes (spec §9)', () => {
  it('uses 768 and 1024 px as the limits', () => {
    expect(MOBILE_MAX_WIDTH_PX).toBe(768);
    expect(TABLET_MAX_WIDTH_PX).toBe(1024);
  });

  it.each([
    [360, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [1023, 'tablet'],
    [1024, 'desktop'],
    [1920, 'desktop'],
  ] as const)('a %i px desktop browser is %s', (width, expected) => {
    expect(classifyDevice(width, desktopUa)).toBe(expected);
  });

  it('treats a mobile user agent as mobile at any width', () => {
    expect(isMobileUserAgent(iphoneUa)).toBe(true);
    expect(isMobileUserAgent(androidUa)).toBe(true);
    expect(isMobileUserAgent(desktopUa)).toBe(false);
    expect(classifyDevice(1280, iphoneUa)).toBe('mobile');
    expect(classifyDevice(900, androidUa)).toBe('mobile');
  });

  it('reads this window', () => {
    setWindow(500, desktopUa);
    expect(detectDevice()).toBe('mobile');
    setWindow(1400, desktopUa);
    expect(detectDevice()).toBe('desktop');
  });
});

describe('clearRolePreferenceOnMobile (spec §9)', () => {
  it('clears the saved preference on a mobile device', () => {
    saveRolePreference('contractor');
    setWindow(390, iphoneUa);
    expect(clearRolePreferenceOnMobile()).toBe(true);
    expect(localStorage.getItem(ROLE_PREFERENCE_KEY)).toBeNull();
  });

  it('keeps it on a desktop', () => {
    saveRolePreference('contractor');
    setWindow(1400, desktopUa);
    expect(clearRolePreferenceOnMobile()).toBe(false);
    expect(readRolePreference()).toBe('contractor');
  });
});
