import { describe, expect, it } from 'vitest';
import {
  combinedRoles,
  dashboardPath,
  dualRoleDestination,
  homeRedirect,
  isContractorCapable,
  isDualRole,
  isEngineerCapable,
  isExemptPath,
  parseRolePreference,
  roleToggle,
  shouldAutoRoute,
  topBarRoleLabels,
  welcomeRoleLabel,
  type RoleSubject,
} from './role-routing';
import type { Role } from './roles';

function user(role: Role, additionalRoles: Role[] = [], isDualRole = false): RoleSubject {
  return { role, additionalRoles, isDualRole };
}

const desktop = { isMobile: false, preference: null } as const;
const mobile = { isMobile: true, preference: null } as const;

describe('dual role (spec §6)', () => {
  it('is a contractor with the dual-role flag', () => {
    expect(isDualRole(user('contractor', [], true))).toBe(true);
  });
  it('is combined roles holding both contractor and engineer', () => {
    expect(isDualRole(user('contractor', ['engineer']))).toBe(true);
    expect(isDualRole(user('engineer', ['contractor']))).toBe(true);
    expect(isDualRole(user('back_office', ['contractor', 'engineer']))).toBe(true);
  });
  it('is not a plain contractor, engineer, back office or customer', () => {
    expect(isDualRole(user('contractor'))).toBe(false);
    expect(isDualRole(user('engineer'))).toBe(false);
    expect(isDualRole(user('back_office'))).toBe(false);
    expect(isDualRole(user('customer'))).toBe(false);
  });
  it('needs the contractor role for the flag to count', () => {
    expect(isDualRole(user('engineer', [], true))).toBe(false);
    expect(isDualRole(user('back_office', [], true))).toBe(false);
  });
});

describe('engineer-capable and contractor-capable (spec §6)', () => {
  // The server once had its own rule (main role engineer, or main role contractor holding both)
  // and refused SMS sign-in to a user who holds the engineer role as an additional role.
  it('counts the engineer role held as an additional role, as the server now does too', () => {
    expect(isEngineerCapable(user('back_office', ['engineer']))).toBe(true);
    expect(isEngineerCapable(user('customer', ['engineer']))).toBe(true);
    // The server's users carry no dual-role flag: their roles decide.
    expect(isEngineerCapable({ role: 'contractor', additionalRoles: ['engineer'] })).toBe(true);
    expect(isEngineerCapable({ role: 'contractor', additionalRoles: [] })).toBe(false);
  });

  it.each([
    [user('engineer'), true],
    [user('contractor', [], true), true],
    [user('contractor', ['engineer']), true],
    [user('contractor'), false],
    [user('back_office'), false],
    [user('customer'), false],
  ])('engineer-capable %o → %s', (subject, expected) => {
    expect(isEngineerCapable(subject)).toBe(expected);
  });

  it.each([
    [user('contractor'), true],
    [user('back_office'), true],
    [user('engineer', ['contractor']), true],
    [user('engineer'), false],
    [user('customer'), false],
  ])('contractor-capable %o → %s', (subject, expected) => {
    expect(isContractorCapable(subject)).toBe(expected);
  });

  it('lists the combined roles once each', () => {
    expect(combinedRoles(user('contractor', ['engineer', 'contractor']))).toEqual([
      'contractor',
      'engineer',
    ]);
  });
});

describe('redirect on the home page (spec §6)', () => {
  it('sends back_office to /back-office on any device', () => {
    expect(homeRedirect(user('back_office'), desktop)).toBe('/back-office');
    expect(homeRedirect(user('back_office'), mobile)).toBe('/back-office');
    expect(homeRedirect(user('back_office', ['contractor', 'engineer']), mobile)).toBe(
      '/back-office',
    );
  });

  it('leaves a customer on the home page', () => {
    expect(homeRedirect(user('customer'), desktop)).toBeNull();
    expect(homeRedirect(user('customer'), mobile)).toBeNull();
  });

  it('sends an engineer to /engineer', () => {
    expect(homeRedirect(user('engineer'), desktop)).toBe('/engineer');
    expect(homeRedirect(user('engineer'), mobile)).toBe('/engineer');
  });

  it('sends a contractor to /contractor', () => {
    expect(homeRedirect(user('contractor'), desktop)).toBe('/contractor');
    expect(homeRedirect(user('contractor'), mobile)).toBe('/contractor');
  });

  describe('dual-role users', () => {
    const dual = user('contractor', [], true);
    const cases: Array<[boolean, 'contractor' | 'engineer' | null, string]> = [
      // Mobile with no preference, or preferring engineer: the engineer app.
      [true, null, '/engineer'],
      [true, 'engineer', '/engineer'],
      // Otherwise the saved preference.
      [true, 'contractor', '/contractor'],
      [false, 'engineer', '/engineer'],
      [false, 'contractor', '/contractor'],
      // Otherwise the suggested role: contractor on desktop (and tablet).
      [false, null, '/contractor'],
    ];
    it.each(cases)('mobile=%s preference=%s → %s', (isMobile, preference, expected) => {
      expect(homeRedirect(dual, { isMobile, preference })).toBe(expected);
      expect(homeRedirect(user('engineer', ['contractor']), { isMobile, preference })).toBe(
        expected,
      );
      expect(`/${dualRoleDestination({ isMobile, preference })}`).toBe(expected);
    });
  });
});

describe('stored role preference (spec §5)', () => {
  it('accepts only contractor or engineer', () => {
    expect(parseRolePreference('contractor')).toBe('contractor');
    expect(parseRolePreference('engineer')).toBe('engineer');
    for (const bad of [
      'back_office',
      'customer',
      'Engineer',
      ' engineer',
      '',
      null,
      undefined,
      1,
    ]) {
      expect(parseRolePreference(bad)).toBeNull();
    }
  });
});

describe('automatic routing (spec §4)', () => {
  it('runs once, signed in, exactly on /', () => {
    expect(shouldAutoRoute({ path: '/', isAuthenticated: true, alreadyRouted: false })).toBe(true);
    expect(shouldAutoRoute({ path: '/', isAuthenticated: true, alreadyRouted: true })).toBe(false);
    expect(shouldAutoRoute({ path: '/', isAuthenticated: false, alreadyRouted: false })).toBe(
      false,
    );
    for (const path of ['/orders', '/home', '/app', '/engineer', '/?x', '//']) {
      expect(shouldAutoRoute({ path, isAuthenticated: true, alreadyRouted: false })).toBe(false);
    }
  });

  it('never runs on the exempt paths', () => {
    for (const path of [
      '/login',
      '/signup',
      '/set-password',
      '/customer/UPL-1',
      '/customer-form/abc',
    ]) {
      expect(isExemptPath(path)).toBe(true);
      expect(shouldAutoRoute({ path, isAuthenticated: true, alreadyRouted: false })).toBe(false);
    }
    expect(isExemptPath('/')).toBe(false);
    expect(isExemptPath('/customer')).toBe(false);
    expect(isExemptPath('/contractor')).toBe(false);
  });
});

describe('dashboards and labels (spec §2, §6)', () => {
  it('gives each role its dashboard, /customer for any other', () => {
    expect(dashboardPath('back_office')).toBe('/back-office');
    expect(dashboardPath('contractor')).toBe('/contractor');
    expect(dashboardPath('engineer')).toBe('/engineer');
    expect(dashboardPath('customer')).toBe('/customer');
  });

  it('labels roles as the top bar and the welcome page do', () => {
    expect(topBarRoleLabels).toEqual({
      back_office: 'Back Office Staff',
      contractor: 'Contractor',
      engineer: 'Field Engineer',
      customer: 'Customer Portal',
    });
    expect(welcomeRoleLabel('customer')).toBe('Customer');
    expect(welcomeRoleLabel('engineer')).toBe('Field Engineer');
  });
});

describe('role toggle (spec §2)', () => {
  const dual = user('contractor', [], true);
  it('offers contractor mode on /engineer paths', () => {
    expect(roleToggle(dual, '/engineer')).toEqual({
      label: 'Change to Contractor mode',
      target: 'contractor',
      path: '/contractor',
    });
    expect(roleToggle(dual, '/engineer/visits/1')?.target).toBe('contractor');
  });
  it('offers engineer mode on /contractor paths', () => {
    expect(roleToggle(dual, '/contractor')).toEqual({
      label: 'Change to Engineer mode',
      target: 'engineer',
      path: '/engineer',
    });
  });
  it('is not offered elsewhere or to single-role users', () => {
    expect(roleToggle(dual, '/')).toBeNull();
    expect(roleToggle(dual, '/contractor-management')).toBeNull();
    expect(roleToggle(user('contractor'), '/contractor')).toBeNull();
    expect(roleToggle(user('engineer'), '/engineer')).toBeNull();
  });
});
