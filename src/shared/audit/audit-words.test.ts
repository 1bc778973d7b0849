import { describe, expect, it } from 'vitest';
import { auditChanges, auditFactLine, auditFacts } from './audit-words';

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
