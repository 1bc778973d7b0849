import { randomBytes } from 'node:crypto';
import { visitErrorCodes } from '@shared/error-codes';
import {
  commissioningBreaches,
  serialMismatches,
  type VisitRecord,
  checkInBody,
  commissioningBody,
  completeBody,
  failBody,
  serialsBody,
  signOffBody,
  surveyBody,
} from '@shared/visits/visit-record';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { performOrderAction, type Viewer } from '../orders/orders.service';
import { getCommissioningThresholds } from '../settings/settings.service';
import { ownOpenVisit, ownVisit } from './visit-access';
import { expectedKit } from './engineer-visits.service';
import { checkSignaturePng } from './photo-processing';
import { findVisitWithOrder } from '../orders/projections/visit-record.projection';
import { findPhotosOfVisits, updateVisitRecord } from './visit-record.repository';
import { recordView } from './visit-record.view';

type Deps = Pick<AppDeps, 'database' | 'adapters'>;

/**
 * The device's clock says when a step happened (the engineer may have been offline for hours);
 * a clock ahead of ours is held to now.
 */
export function deviceTime(at: string, now = new Date()): Date {
  const time = new Date(at);
  return time.getTime() > now.getTime() ? now : time;
}

export async function visitRecord(db: Database, visitId: string): Promise<VisitRecord> {
  const row = (await findVisitWithOrder(db, visitId))!;
  return recordView(row, await findPhotosOfVisits(db, [visitId]));
}

const user = (viewer: Viewer) => ({ kind: 'user' as const, viewer });

/** Check-in: the order's check_in action (events, messages, audit) with the device's time. */
export async function checkIn(
  deps: Deps,
  viewer: Viewer,
  visitId: string,
  body: z.output<typeof checkInBody>,
) {
  const db = deps.database.db;
  const row = await ownOpenVisit(db, viewer, visitId);
  const position = body.position ?? null;
  await performOrderAction(
    db,
    row.visit.orderId,
    'check_in',
    {
      latitude: position?.latitude,
      longitude: position?.longitude,
      offDayReason: body.offDayReason || null,
    },
    user(viewer),
    deviceTime(body.at),
  );
  await updateVisitRecord(db, visitId, { checkInAccuracyM: position?.accuracyM ?? null });
  return visitRecord(db, visitId);
}

export async function saveSurvey(
  deps: Deps,
  viewer: Viewer,
  visitId: string,
  body: z.output<typeof surveyBody>,
) {
  const db = deps.database.db;
  await ownOpenVisit(db, viewer, visitId);
  await updateVisitRecord(db, visitId, { survey: body, updatedAt: new Date() });
  return visitRecord(db, visitId);
}

export async function saveSerials(
  deps: Deps,
  viewer: Viewer,
  visitId: string,
  body: z.output<typeof serialsBody>,
) {
  const db = deps.database.db;
  const row = await ownOpenVisit(db, viewer, visitId);
  const mismatches = serialMismatches(await expectedKit(db, row.visit.orderId), body);
  if (mismatches.length > 0 && !body.mismatchReason)
    throw new AppError(
      422,
      visitErrorCodes.serialMismatchReasonRequired,
      `${mismatches.join('; ')}. Check the label, or say why a different unit was fitted.`,
    );
  const now = new Date();
  await updateVisitRecord(db, visitId, {
    serials: { ...row.visit.serials, dish: body.dish, router: body.router },
    otherSerials: body.others,
    serialMismatchReason: mismatches.length > 0 ? (body.mismatchReason ?? null) : null,
    serialsSavedAt: now,
    updatedAt: now,
  });
  return visitRecord(db, visitId);
}

export async function saveCommissioning(
  deps: Deps,
  viewer: Viewer,
  visitId: string,
  body: z.output<typeof commissioningBody>,
) {
  const db = deps.database.db;
  await ownOpenVisit(db, viewer, visitId);
  const breaches = commissioningBreaches(body, await getCommissioningThresholds(db));
  if (breaches.length > 0 && !body.thresholdReason)
    throw new AppError(
      422,
      visitErrorCodes.commissioningReasonRequired,
      `The readings breach the thresholds (${breaches.join(', ')}); give a reason to go on.`,
    );
  await updateVisitRecord(db, visitId, {
    commissioning: {
      ...body,
      thresholdReason: breaches.length > 0 ? body.thresholdReason : undefined,
      breaches,
    },
    updatedAt: new Date(),
  });
  return visitRecord(db, visitId);
}

export async function saveSignOff(
  deps: Deps,
  viewer: Viewer,
  visitId: string,
  body: z.output<typeof signOffBody>,
) {
  const db = deps.database.db;
  const row = await ownOpenVisit(db, viewer, visitId);
  const png = Buffer.from(body.signaturePng.replace(/^data:image\/png;base64,/, ''), 'base64');
  await checkSignaturePng(png);
  // A new name per sign-off: the kept signature stays whole until the row points elsewhere.
  const key = `visit-signatures/${visitId}-${randomBytes(4).toString('hex')}.png`;
  const storage = deps.adapters.storage;
  try {
    await storage.put(key, png, 'image/png');
    await updateVisitRecord(db, visitId, {
      customerSignOffName: body.name,
      signatureKey: key,
      signedAt: deviceTime(body.signedAt),
      updatedAt: new Date(),
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
  const previous = row.visit.signatureKey;
  if (previous && previous !== key) await storage.delete(previous).catch(() => undefined);
  return visitRecord(db, visitId);
}

/**
 * Complete: the order's complete action, which refuses (409 COMPLETION_INCOMPLETE, the list in
 * `details.missing`) until every photo category, the serials, the speed test and the signature
 * are there: the same rule whichever route completes (visit-completion.service).
 */
export async function completeVisit(
  deps: Deps,
  viewer: Viewer,
  visitId: string,
  body: z.output<typeof completeBody>,
) {
  const db = deps.database.db;
  const row = await ownOpenVisit(db, viewer, visitId);
  await performOrderAction(
    db,
    row.visit.orderId,
    'complete',
    { notes: body.notes || null },
    user(viewer),
    deviceTime(body.at),
  );
  return visitRecord(db, visitId);
}

/** Fail: at any step, with a reason; the order goes to revisit required. */
export async function failVisit(
  deps: Deps,
  viewer: Viewer,
  visitId: string,
  body: z.output<typeof failBody>,
) {
  const db = deps.database.db;
  const row = await ownOpenVisit(db, viewer, visitId);
  await performOrderAction(
    db,
    row.visit.orderId,
    'fail',
    { failureReason: body.failureReason, notes: body.notes || null },
    user(viewer),
    deviceTime(body.at),
  );
  return visitRecord(db, visitId);
}

/** The record, for the visit's engineer (even once closed). */
export async function ownVisitRecord(deps: Deps, viewer: Viewer, visitId: string) {
  await ownVisit(deps.database.db, viewer, visitId);
  return visitRecord(deps.database.db, visitId);
}
