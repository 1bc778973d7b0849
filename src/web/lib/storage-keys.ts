// spec §3, §5 and §9: what the shell keeps on the device, under which keys.
import { parseRolePreference, type RolePreference } from '@shared/role-routing';

/** spec §9: the role preference key contains 'role_preference'. */
export const ROLE_PREFERENCE_KEY = 'uplink_role_preference';
/** spec §9: the debug flag key, stored as the text true or false. */
export const SHOW_DEBUG_INFO_KEY = 'showDebugInfo';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off (private modes, strict privacy settings).
    return null;
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    const store = storage();
    if (!store) return;
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // A full or blocked storage only loses the preference, never the page.
  }
}

/** The saved role preference; anything but contractor or engineer is ignored (spec §5). */
export function readRolePreference(): RolePreference | null {
  return parseRolePreference(read(ROLE_PREFERENCE_KEY));
}

export function saveRolePreference(preference: RolePreference): void {
  const valid = parseRolePreference(preference);
  if (valid) write(ROLE_PREFERENCE_KEY, valid);
}

export function clearRolePreference(): void {
  write(ROLE_PREFERENCE_KEY, null);
}

export function readShowDebugInfo(): boolean {
  return read(SHOW_DEBUG_INFO_KEY) === 'true';
}

export function saveShowDebugInfo(show: boolean): void {
  write(SHOW_DEBUG_INFO_KEY, show ? 'true' : 'false');
}
