// spec §3, §5 and §9: what the shell keeps on the device, under which keys.
import { parseRolePreference, type RolePreference } from '@shared/role-routing';

/** spec §9: the role preference key contains 'role_preference'. */
export const ROLE_PREFERENCE_KEY = 'uplink_role_preference';
/** spec §9: the debug flag key, stored as the text true or false. */
export const SHOW_DEBUG_INFO_KEY = 'showDebugInfo';

/** spec §4: automatic routing runs once per session; the tab's session storage remembers it. */
export const AUTO_ROUTED_KEY = 'uplink_auto_routed_user';

type Area = 'local' | 'session';

function storage(area: Area = 'local'): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage can be switched off (private modes, strict privacy settings).
    return null;
  }
}

function read(key: string, area: Area = 'local'): string | null {
  try {
    return storage(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null, area: Area = 'local'): void {
  try {
    const store = storage(area);
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

/** The user automatic routing already ran for in this tab's session, if any. */
export function readAutoRoutedUser(): string | null {
  return read(AUTO_ROUTED_KEY, 'session');
}

export function markAutoRouted(userId: string): void {
  write(AUTO_ROUTED_KEY, userId, 'session');
}

export function clearAutoRouted(): void {
  write(AUTO_ROUTED_KEY, null, 'session');
}
