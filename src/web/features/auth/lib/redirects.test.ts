import { describe, expect, it } from 'vitest';
import { pathAfterLogin, pathAfterSmsLogin } from './redirects';

describe('post-login redirects (spec §4)', () => {
  it('sends each role to its page after an email sign-in', () => {
    expect(pathAfterLogin('back_office')).toBe('/');
    expect(pathAfterLogin('contractor')).toBe('/contractor');
    expect(pathAfterLogin('engineer')).toBe('/engineer');
    expect(pathAfterLogin('customer')).toBe('/');
  });

  it('sends an engineer to /engineer and everyone else to / after an SMS sign-in', () => {
    expect(pathAfterSmsLogin('engineer')).toBe('/engineer');
    expect(pathAfterSmsLogin('contractor')).toBe('/');
    expect(pathAfterSmsLogin('back_office')).toBe('/');
  });
});
