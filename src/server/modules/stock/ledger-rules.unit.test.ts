import { describe, expect, it } from 'vitest';
import { levelDeltas, parseSerialList, serialRefusal, unitsNeeded, whereIs } from './ledger-rules';

const label = (id: string) => ({ van: 'Van: Sam Penrose', wh: 'Warehouse: Exeter' })[id] ?? id;

describe('ledger rules', () => {
  it('reads serials one a line or as CSV, and finds the repeats', () => {
    expect(parseSerialList('A1\nA2\r\n, A3;A4\t"A5"\n\n')).toEqual({
      serials: ['A1', 'A2', 'A3', 'A4', 'A5'],
      repeated: [],
    });
    expect(parseSerialList('A1\nA2\nA1\nA2\nA1').repeated).toEqual(['A1', 'A2']);
  });

  it('says where a serial is', () => {
    expect(whereIs({ serial: 'S', status: 'in_stock', locationId: 'wh' }, label)).toBe(
      'in stock at Warehouse: Exeter',
    );
    expect(
      whereIs({ serial: 'S', status: 'installed', locationId: null, orderNumber: 'U-1' }, label),
    ).toBe('installed (order U-1)');
    expect(whereIs({ serial: 'S', status: 'faulty', locationId: 'van' }, label)).toBe(
      'faulty at Van: Sam Penrose',
    );
  });

  it('refuses a serial elsewhere, installed twice, or in no state to move', () => {
    const inVan = { serial: 'S1', status: 'in_stock' as const, locationId: 'van' };
    expect(serialRefusal('transfer', inVan, 'van', label)).toBeNull();
    expect(serialRefusal('transfer', inVan, 'wh', label)).toEqual({
      installed: false,
      message: 'Serial S1 is not at Warehouse: Exeter: it is in stock at Van: Sam Penrose',
    });
    expect(
      serialRefusal(
        'install',
        { serial: 'S1', status: 'installed', locationId: null, orderNumber: 'U-7' },
        'van',
        label,
      ),
    ).toEqual({ installed: true, message: 'Serial S1 is already installed (order U-7)' });
    expect(
      serialRefusal('allocate', { ...inVan, status: 'faulty' }, 'van', label)?.message,
    ).toMatch(/faulty at Van/);
    expect(
      serialRefusal('mark_faulty', { ...inVan, status: 'faulty' }, 'van', label),
    ).not.toBeNull();
  });

  it('works out what a batch does to each level and what it needs there first', () => {
    const changes = [
      {
        kind: 'transfer' as const,
        productId: 'p',
        quantity: 3,
        fromLocationId: 'wh',
        toLocationId: 'van',
      },
      {
        kind: 'install' as const,
        productId: 'p',
        quantity: 1,
        fromLocationId: 'van',
        toLocationId: null,
      },
      {
        kind: 'allocate' as const,
        productId: 'q',
        quantity: 2,
        fromLocationId: 'van',
        toLocationId: 'van',
      },
      {
        kind: 'receive' as const,
        productId: 'q',
        quantity: 5,
        fromLocationId: null,
        toLocationId: 'wh',
      },
    ];
    expect(Object.fromEntries(levelDeltas(changes))).toEqual({
      'p/wh': -3,
      'p/van': 2,
      'q/van': 0,
      'q/wh': 5,
    });
    expect(Object.fromEntries(unitsNeeded(changes))).toEqual({ 'p/wh': 3, 'p/van': 1, 'q/van': 2 });
  });
});
