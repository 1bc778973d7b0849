import { describe, expect, it } from 'vitest';
import {
  auditActorLine,
  auditChangeLine,
  auditChanges,
  auditFactLine,
  auditFacts,
} from './audit-words';

describe('an audit entry in words', () => {
  it('says what a failed sign-in tried and why it failed', () => {
    const facts = auditFacts({
      email: 'nobody@example.com',
      reason: 'unknown_email',
      failuresInARow: 3,
    });
    expect(facts.map(auditFactLine)).toEqual([
      'Email: nobody@example.com',
      'Reason: Unknown email',
      'Failures in a row: 3',
    ]);
  });

  it('names who did it: the user, someone not signed in, or the system', () => {
    const from = { ip: '192.0.2.7' };
    const olivia = { id: 'u1', name: 'Olivia Office' };
    expect(auditActorLine({ ...from, actor: olivia, action: 'auth.sign_in' })).toBe(
      'Olivia Office',
    );
    expect(auditActorLine({ ...from, actor: null, action: 'auth.sign_in_failed' })).toBe(
      'Not signed in',
    );
    expect(auditActorLine({ ...from, actor: null, action: 'auth.password_reset_requested' })).toBe(
      'Not signed in',
    );
    // A lock or a block the system made itself, though a request set it off.
    expect(auditActorLine({ ...from, actor: null, action: 'auth.account_locked' })).toBe('System');
    expect(auditActorLine({ ...from, actor: null, action: 'security.ip_blocked' })).toBe('System');
    // A job or the command line: no request, no address.
    expect(auditActorLine({ ip: null, actor: null, action: 'customer.anonymised' })).toBe('System');
  });

  it('gives a moment in UK time, flags as yes or no, lists joined', () => {
    expect(
      auditFacts({
        lockedUntil: '2026-07-01T13:05:00.000Z',
        activated: true,
        scopes: ['orders:read', 'orders:write'],
        method: 'password',
      }).map(auditFactLine),
    ).toEqual([
      'Locked until: 1 Jul 2026, 14:05 (UK time)',
      'Activated: Yes',
      'Scopes: orders:read, orders:write',
      'Method: Password',
    ]);
  });

  it('leaves out what the changes say, bare ids and empty details', () => {
    const details = {
      eventId: '0b6f3c1e-8f1d-4b7a-9c2e-2f4d5e6a7b8c',
      actorRole: 'back_office',
      fromStatus: 'received',
      toStatus: 'validated',
      note: null,
    };
    expect(auditFacts(details).map(auditFactLine)).toEqual(['Actor role: Back office']);
    expect(auditChanges(details)).toEqual([
      { field: 'Status', before: 'Received', after: 'Validated' },
    ]);
  });

  it('names the changed fields only where the changes do not list them', () => {
    const changes = [{ field: 'lastName', before: 'Old', after: 'New' }];
    expect(auditFacts({ fields: ['lastName'], changes })).toEqual([]);
    expect(auditFacts({ fields: ['lastName', 'phone'] }).map(auditFactLine)).toEqual([
      'Fields: Last name, Phone',
    ]);
  });

  it('keeps an email, a code with capitals or digits, and an address as written', () => {
    expect(
      auditFacts({ prefix: 'upk_AB12', ip: '203.0.113.9', channel: 'sms' }).map(auditFactLine),
    ).toEqual(['Prefix: upk_AB12', 'IP address: 203.0.113.9', 'Channel: SMS']);
  });
});

describe('a settings section saved whole', () => {
  it('says each field that changed, before and after, and nothing else twice', () => {
    const details = {
      before: {
        companyName: 'Uplink',
        address: { line1: '1 High Street', town: 'Exeter', postcode: 'EX1 1AA' },
        slaTargetDays: 14,
      },
      after: {
        companyName: 'Uplink Ltd',
        address: { line1: '2 High Street', town: 'Exeter', postcode: 'EX1 1AA' },
        slaTargetDays: 14,
      },
    };
    expect(auditChanges(details).map(auditChangeLine)).toEqual([
      'Company name: Uplink → Uplink Ltd',
      'Address › Line 1: 1 High Street → 2 High Street',
    ]);
    expect(auditFacts(details)).toEqual([]);
    // A record within the section is followed to the field that changed.
    const slots = (amStart: string) => ({ slots: { am: { offered: true, start: amStart } } });
    expect(
      auditChanges({ before: slots('08:00'), after: slots('08:30') }).map(auditChangeLine),
    ).toEqual(['Slots › Am › Start: 08:00 → 08:30']);
    // The map tile server's entry also names the new server beside its before and after.
    const tiles = {
      tileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
      before: { tileUrl: 'https://old.example/{z}/{x}/{y}.png' },
      after: { tileUrl: 'https://tiles.example/{z}/{x}/{y}.png' },
    };
    expect(auditChanges(tiles)).toHaveLength(1);
    expect(auditFacts(tiles)).toEqual([]);
  });

  it('says a section saved as it was, rather than showing no change at all', () => {
    const booking = { slots: { am: { start: '08:00', end: '12:00' } }, workingDays: [1, 2] };
    const details = { before: booking, after: structuredClone(booking) };
    expect(auditChanges(details)).toEqual([]);
    expect(auditFacts(details).map(auditFactLine)).toEqual(['Changes: None (saved as it was)']);
    // A change is told by the changes, not by this fact.
    const moved = { before: booking, after: { ...booking, workingDays: [1, 2, 3] } };
    expect(auditFacts(moved)).toEqual([]);
  });

  it('says a list by what was added and removed, not the whole list twice', () => {
    const facts = auditFacts({
      added: ['25 Dec 2027 Christmas Day'],
      removed: [],
      before: ['1 Jan 2027 New Year'],
      after: ['1 Jan 2027 New Year', '25 Dec 2027 Christmas Day'],
    });
    expect(facts.map(auditFactLine)).toEqual([
      'Added: 25 Dec 2027 Christmas Day',
      'Removed: (none)',
    ]);
  });
});
