import { eq, inArray, sql } from 'drizzle-orm';
import type { StockCategory } from '@shared/stock/stock.contracts';
import { jobTypes } from '../modules/job-types/job-types.schema';
import type { StockActor } from '../modules/stock/ledger.service';
import { receive, transfer } from '../modules/stock/stock-movements.service';
import {
  createProduct,
  createWarehouse,
  setJobTypeKit,
  setLowLevel,
} from '../modules/stock/stock.service';
import { stockLocations } from '../modules/stock/stock.schema';
import { ensureDepot, ensureVan } from '../modules/stock/stock-locations.service';
import { contractors } from '../modules/contractors/contractors.schema';
import { users } from '../modules/users/users.schema';
import { findDemoContractor } from './demo-contractor';
import type { Seeder } from './seeder';

// Stock's demo data (issue 20): a catalogue, the kit of each demo job type, stock received at
// the Exeter warehouse, some of it moved to the demo contractor's depot and each of its
// engineers' vans. Every level comes from movements, as it would in real use.

type DemoProduct = {
  sku: string;
  name: string;
  category: StockCategory;
  trackedBySerial: boolean;
  unitCostPence: number;
  /** Received at the warehouse. */
  stock: number;
  /** Serial prefix, for the tracked ones. */
  serialPrefix?: string;
  lowLevel?: number;
};

export const demoProducts: DemoProduct[] = [
  {
    sku: 'DISH-60',
    name: 'Flat panel dish 60 cm',
    category: 'dish',
    trackedBySerial: true,
    unitCostPence: 18_900,
    stock: 30,
    serialPrefix: 'SKD60-2611-',
    lowLevel: 10,
  },
  {
    sku: 'DISH-80',
    name: 'Offset dish 80 cm',
    category: 'dish',
    trackedBySerial: true,
    unitCostPence: 24_500,
    stock: 8,
    serialPrefix: 'SKD80-2611-',
    lowLevel: 3,
  },
  {
    sku: 'RTR-WIFI6',
    name: 'Wi-Fi 6 router',
    category: 'router',
    trackedBySerial: true,
    unitCostPence: 8_900,
    stock: 30,
    serialPrefix: 'RTR6-2611-',
    lowLevel: 10,
  },
  {
    sku: 'MNT-WALL',
    name: 'Wall mount bracket',
    category: 'mount',
    trackedBySerial: false,
    unitCostPence: 1_800,
    stock: 40,
    lowLevel: 10,
  },
  {
    sku: 'MNT-PIVOT',
    name: 'Pivot roof mount',
    category: 'mount',
    trackedBySerial: false,
    unitCostPence: 3_200,
    stock: 12,
  },
  {
    sku: 'POLE-2M',
    name: 'Ground pole 2 m',
    category: 'pole',
    trackedBySerial: false,
    unitCostPence: 4_500,
    stock: 10,
    lowLevel: 4,
  },
  {
    sku: 'CAB-CAT6-30',
    name: 'Outdoor Cat6 cable 30 m',
    category: 'cable',
    trackedBySerial: false,
    unitCostPence: 1_400,
    stock: 60,
    lowLevel: 20,
  },
  {
    sku: 'ADP-POE',
    name: 'PoE power adaptor',
    category: 'adaptor',
    trackedBySerial: false,
    unitCostPence: 2_900,
    stock: 25,
  },
  {
    sku: 'CLIP-100',
    name: 'Cable clips, box of 100',
    category: 'other',
    trackedBySerial: false,
    unitCostPence: 600,
    stock: 30,
  },
];

/** The kit of each demo job type, by code: SKU and quantity. */
const demoKits: Record<string, [string, number][]> = {
  STD_INSTALL: [
    ['DISH-60', 1],
    ['RTR-WIFI6', 1],
    ['MNT-WALL', 1],
    ['CAB-CAT6-30', 1],
    ['CLIP-100', 1],
  ],
  POLE_INSTALL: [
    ['DISH-60', 1],
    ['RTR-WIFI6', 1],
    ['POLE-2M', 1],
    ['CAB-CAT6-30', 2],
    ['CLIP-100', 1],
  ],
  BUSINESS: [
    ['DISH-80', 1],
    ['RTR-WIFI6', 1],
    ['MNT-PIVOT', 1],
    ['CAB-CAT6-30', 2],
    ['ADP-POE', 1],
  ],
  REPAIR: [['CAB-CAT6-30', 1]],
};

export const demoWarehouseName = 'Exeter';
const seedActor: StockActor = { id: null, name: 'Demo data', contractorId: null, backOffice: true };

const serialsOf = (product: DemoProduct, from: number, count: number) =>
  Array.from(
    { length: count },
    (_, i) => `${product.serialPrefix}${String(from + i).padStart(4, '0')}`,
  );

export const stockSeeder: Seeder = {
  name: 'stock',
  async run({ db }) {
    const ids = new Map<string, string>();
    for (const { stock: _s, serialPrefix: _p, lowLevel: _l, ...product } of demoProducts) {
      ids.set(product.sku, (await createProduct(db, seedActor, { ...product, active: true })).id);
    }
    const codes = Object.keys(demoKits);
    for (const jobType of await db.select().from(jobTypes).where(inArray(jobTypes.code, codes))) {
      const items = demoKits[jobType.code]!.map(([sku, quantity]) => ({
        productId: ids.get(sku)!,
        quantity,
      }));
      await setJobTypeKit(db, jobType.id, items);
    }
    const warehouse = await createWarehouse(db, demoWarehouseName);
    await receive(db, seedActor, {
      locationId: warehouse.id,
      supplier: 'Orbital Kit Distribution Ltd',
      deliveryNote: 'OKD-DN-48213',
      lines: demoProducts.map((product) =>
        product.trackedBySerial
          ? {
              productId: ids.get(product.sku)!,
              serials: serialsOf(product, 1, product.stock).join('\n'),
            }
          : { productId: ids.get(product.sku)!, quantity: product.stock },
      ),
    });
    for (const product of demoProducts) {
      if (!product.lowLevel) continue;
      await setLowLevel(db, seedActor, {
        productId: ids.get(product.sku)!,
        locationId: warehouse.id,
        level: product.lowLevel,
      });
    }
    const contractor = await findDemoContractor(db);
    if (!contractor) return;
    // The demo rows are written straight into their tables, not through the services that make
    // a depot and vans with their owner: made here instead.
    for (const company of await db.select().from(contractors)) await ensureDepot(db, company);
    const engineers = await db
      .select()
      .from(users)
      .where(sql`${users.role} = 'engineer' or 'engineer' = any(${users.additionalRoles})`);
    for (const engineer of engineers) await ensureVan(db, engineer);
    const locations = await db
      .select()
      .from(stockLocations)
      .where(eq(stockLocations.contractorId, contractor.id));
    const depot = locations.find((l) => l.kind === 'depot')!;
    const vans = locations
      .filter((l) => l.kind === 'van')
      .sort((a, b) => a.name.localeCompare(b.name));
    // Serials go out in order: the depot first, then two of each to every van.
    let next = 1;
    const take = (sku: string, count: number) => {
      const product = demoProducts.find((p) => p.sku === sku)!;
      const serials = serialsOf(product, next, count);
      return { productId: ids.get(sku)!, serials };
    };
    const kitLines = (count: number) => {
      const lines = [take('DISH-60', count), take('RTR-WIFI6', count)];
      next += count;
      return [
        ...lines,
        { productId: ids.get('MNT-WALL')!, quantity: count },
        { productId: ids.get('CAB-CAT6-30')!, quantity: count * 2 },
        { productId: ids.get('CLIP-100')!, quantity: count },
      ];
    };
    await transfer(db, seedActor, {
      fromLocationId: warehouse.id,
      toLocationId: depot.id,
      reason: 'Opening stock',
      lines: kitLines(6),
    });
    for (const van of vans) {
      await transfer(db, seedActor, {
        fromLocationId: warehouse.id,
        toLocationId: van.id,
        reason: 'Van stock',
        lines: kitLines(2),
      });
    }
  },
};
