import { describe, expect, it } from 'vitest';
import {
  AUTO_ROUTED_KEY,
  clearAutoRouted,
  clearRolePreference,
  markAutoRouted,
  readAutoRoutedUser,
  readRolePreference,
  readShowDebugInfo,
  ROLE_PREFERENCE_KEY,
  saveRolePreference,
  saveShowDebugInfo,
  SHOW_DEBUG_INFO_KEY,
} from './storage-keys';

describe('storage keys (spec §9)', () => {
  it('names the keys as the spec does', () => {
    expect(ROLE_PREFERENCE_KEY).toContain('role_preference');
    expect(SHOW_DEBUG_INFO_KEY).toBe('showDebugInfo');
  });

  it('saves and reads the role preference', () => {
    expect(readRolePreference()).toBeNull();
    saveRolePreference('engineer');
    expect(localStorage.getItem(ROLE_PREFERENCE_KEY)).toBe('engineer');
    expect(readRolePreference()).toBe('engineer');
    saveRolePreference('contractor');
    expect(readRolePreference()).toBe('contractor');
    clearRolePreference();
    expect(readRolePreference()).toBeNull();
  });

  it('ignores any stored preference other than contractor or engineer (spec §5)', () => {
    for (const bad of ['back_office', 'customer', 'ENGINEER', '"engineer"', '']) {
      localStorage.setItem(ROLE_PREFERENCE_KEY, bad);
      expect(readRolePreference()).toBeNull();
    }
  });

  it('refuses to save anything else', () => {
    saveRolePreference('back_office' as never);
    expect(localStorage.getItem(ROLE_PREFERENCE_KEY)).toBeNull();
  });

  it('stores the debug flag as the text true or false', () => {
    expect(readShowDebugInfo()).toBe(false);
    saveShowDebugInfo(true);
    expect(localStorage.getItem(SHOW_DEBUG_INFO_KEY)).toBe('true');
    expect(readShowDebugInfo()).toBe(true);
    saveShowDebugInfo(false);
    expect(localStorage.getItem(SHOW_DEBUG_INFO_KEY)).toBe('false');
    expect(readShowDebugInfo()).toBe(false);
    localStorage.setItem(SHOW_DEBUG_INFO_KEY, 'yes');
    expect(readShowDebugInfo()).toBe(false);
  });

  it('remembers in the tab session which user was routed automatically', () => {
    expect(readAutoRoutedUser()).toBeNull();
    markAutoRouted('u7');
    expect(sessionStorage.getItem(AUTO_ROUTED_KEY)).toBe('u7');
    expect(localStorage.getItem(AUTO_ROUTED_KEY)).toBeNull();
    expect(readAutoRoutedUser()).toBe('u7');
    clearAutoRouted();
    expect(readAutoRoutedUser()).toBeNull();
  });
});
