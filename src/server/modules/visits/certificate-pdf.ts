import PDFDocument from 'pdfkit';
import {
  photoCategoryLabels,
  type OrderSummaryResponse,
  type PhotoCategory,
} from '@shared/visits/visit-record';
import type { StorageAdapter } from '../../adapters/storage/storage.adapter';
import { findVisitWithOrder } from '../orders/projections/visit-record.projection';
import { findPhoto } from './visit-record.repository';
import type { Database } from '../../db/client';

/** The photos the certificate shows: the finished work and the proof of service. */
export const certificatePhotoCategories: readonly PhotoCategory[] = [
  'dish_installed',
  'router_location',
  'speed_test',
  'site_after',
];

const london = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(iso));

/** The logo box at the top of the certificate, in points (the upload is at most 600 x 200 px). */
const logoBox: [number, number] = [180, 60];

/**
 * Whether pdfkit can draw these bytes: PNG or JPEG by their signature. Uploads are stored as
 * PNG (an SVG is redrawn at upload); anything else keeps the company name only (decision 070).
 */
export function drawableLogo(bytes: Buffer | null): bytes is Buffer {
  if (!bytes || bytes.length < 8) return false;
  const png = bytes
    .subarray(0, 8)
    .equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  return png || jpeg;
}

/**
 * The completion certificate: the same document for the customer and the partner. `logo` is
 * the company logo's bytes from /settings (readCompanyLogo), or null when none is set.
 */
export async function certificatePdf(
  db: Database,
  storage: StorageAdapter,
  summary: OrderSummaryResponse,
  logo: Buffer | null,
): Promise<Buffer> {
  const visit = summary.visit!;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: {
      Title: `Completion certificate ${summary.orderNumber}`,
      Author: summary.company.name,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const heading = (text: string) => {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor('#0f172a').text(text);
    doc.moveDown(0.2).font('Helvetica').fontSize(10.5).fillColor('#1e293b');
  };
  const field = (label: string, value: string) => {
    doc
      .font('Helvetica-Bold')
      .text(`${label}: `, { continued: true })
      .font('Helvetica')
      .text(value);
  };

  if (drawableLogo(logo)) {
    const top = doc.y;
    try {
      doc.image(logo, doc.page.margins.left, top, { fit: logoBox });
      doc.x = doc.page.margins.left;
      doc.y = top + logoBox[1] + 12;
    } catch {
      // Bytes that only look like an image: the certificate goes out with the name alone.
      doc.y = top;
    }
  }

  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor('#0f172a')
    .text('Installation completion certificate');
  doc.font('Helvetica').fontSize(11).fillColor('#334155');
  doc.text(`${summary.company.name} · ${summary.company.phone} · ${summary.company.email}`);

  heading('Installation');
  field('Order', summary.orderNumber);
  field('Job', summary.jobTypeName);
  field('Partner', summary.partnerName);
  field('Customer', summary.customerName);
  field('Address', summary.address);
  field('Completed on', summary.completedAt ? london(summary.completedAt) : '-');
  field('Engineer', summary.engineerName ?? '-');

  if (visit.serials) {
    heading('Equipment installed');
    field('Dish serial', visit.serials.dish);
    field('Router serial', visit.serials.router);
    for (const other of visit.serials.others) field(`${other.label} serial`, other.serial);
  }
  if (visit.commissioning) {
    const c = visit.commissioning;
    heading('Speed test');
    field('Download', `${c.downloadMbps} Mbit/s`);
    field('Upload', `${c.uploadMbps} Mbit/s`);
    field('Latency', `${c.latencyMs} ms`);
    field('Obstruction', `${c.obstructionPercent}%`);
    field('Dish ID', c.dishId);
    field('Router ID', c.routerId);
  }

  const chosen = certificatePhotoCategories
    .map((category) => visit.photos.find((p) => p.category === category))
    .filter((p) => p !== undefined);
  if (chosen.length > 0) {
    heading('Photos');
    const top = doc.y;
    const width = 115;
    let x = doc.page.margins.left;
    for (const photo of chosen) {
      const row = await findPhoto(db, photo.id);
      const bytes = row ? await storage.get(row.thumbnailKey) : null;
      if (!bytes) continue;
      doc.image(bytes, x, top, { fit: [width, 90] });
      doc.fontSize(9).text(photoCategoryLabels[photo.category], x, top + 94, { width });
      x += width + 10;
    }
    doc.x = doc.page.margins.left;
    doc.y = top + 112;
    doc.fontSize(10.5);
  }

  if (visit.signOff) {
    heading('Customer sign-off');
    field('Signed by', visit.signOff.name);
    field('Signed on', london(visit.signOff.signedAt));
    const row = await findVisitSignature(db, visit.visitId);
    const png = row ? await storage.get(row) : null;
    if (png) doc.image(png, { fit: [220, 80] });
  }

  doc.moveDown(1).fontSize(9).fillColor('#475569');
  doc.text(
    `This certificate confirms that ${summary.company.name} completed the installation above.`,
  );
  doc.end();
  return finished;
}

async function findVisitSignature(db: Database, visitId: string) {
  return (await findVisitWithOrder(db, visitId))?.visit.signatureKey ?? null;
}
