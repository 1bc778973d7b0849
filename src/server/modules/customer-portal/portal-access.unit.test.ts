import { describe, expect, it } from 'vitest';
import { portalLinkPath, verifyPortalLink } from './portal-access.service';

describe('portal links signed for one order', () => {
  const secret = 'x'.repeat(40);
  const now = new Date('2026-11-24T10:00:00Z');
  const parts = (path: string) => {
    const url = new URL(path, 'http://localhost');
    return { e: url.searchParams.get('e') ?? undefined, s: url.searchParams.get('s') ?? undefined };
  };

  it('lets the signed order in until the link expires, at the exact second', () => {
    const { e, s } = parts(portalLinkPath(secret, 'UPL-2026-000123', now));
    expect(verifyPortalLink(secret, 'UPL-2026-000123', e, s, now)).toBe(true);
    const expiry = new Date(Number(e) * 1000);
    expect(
      verifyPortalLink(secret, 'UPL-2026-000123', e, s, new Date(expiry.getTime() - 1000)),
    ).toBe(true);
    expect(verifyPortalLink(secret, 'UPL-2026-000123', e, s, expiry)).toBe(false);
  });

  it('refuses another order, another secret, a changed expiry and a tampered signature', () => {
    const { e, s } = parts(portalLinkPath(secret, 'UPL-2026-000123', now));
    expect(verifyPortalLink(secret, 'UPL-2026-000124', e, s, now)).toBe(false);
    expect(verifyPortalLink('y'.repeat(40), 'UPL-2026-000123', e, s, now)).toBe(false);
    expect(verifyPortalLink(secret, 'UPL-2026-000123', String(Number(e) + 1), s, now)).toBe(false);
    expect(verifyPortalLink(secret, 'UPL-2026-000123', e, `${s!.slice(0, -1)}A`, now)).toBe(
      s!.endsWith('A'),
    );
    expect(verifyPortalLink(secret, 'UPL-2026-000123', undefined, s, now)).toBe(false);
    expect(verifyPortalLink(secret, 'UPL-2026-000123', 'abc', s, now)).toBe(false);
  });
});
