import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EngineerVisit } from '@shared/visits/visit-record';
import { VisitHeader } from './visit-header';

const visit = {
  id: 'visit-1',
  orderNumber: 'UPL-2026-000123',
  scheduledDate: '2026-11-26',
  slot: 'am',
  jobType: { code: 'STD_INSTALL', name: 'Standard installation' },
  customer: { name: 'Morwenna Penrose', phone: '07700 900123', email: null },
  address: {
    lines: ['1 Harbour Road'],
    town: 'Looe',
    county: 'Cornwall',
    postcode: 'PL13 1AA',
    mapsUrl: 'https://www.google.com/maps/search/?api=1&query=1%20Harbour%20Road',
  },
  accessNotes: 'Gate code 1234',
  customerForm: { accessNotes: 'Gate code 1234' },
} as unknown as EngineerVisit;

describe('the visit header (issue 24)', () => {
  it('writes the town before the county', () => {
    render(<VisitHeader visit={visit} />);
    expect(screen.getByText(/1 Harbour Road, Looe, Cornwall, PL13 1AA/)).toBeTruthy();
  });

  it('says each access note once', () => {
    render(<VisitHeader visit={visit} />);
    expect(screen.getByText('Access: Gate code 1234')).toBeTruthy();
  });

  it('keeps two different notes, each once', () => {
    const differing = {
      ...visit,
      accessNotes: 'Ring the bell',
      customerForm: { ...visit.customerForm!, accessNotes: 'Gate code 1234' },
    };
    render(<VisitHeader visit={differing} />);
    expect(screen.getByText('Access: Ring the bell · Gate code 1234')).toBeTruthy();
  });
});
