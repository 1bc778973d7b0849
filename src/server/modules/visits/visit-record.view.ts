import {
  completionMissing,
  visitPaths,
  type VisitPhoto,
  type VisitRecord,
} from '@shared/visits/visit-record';
import { completionInputOf } from './visit-completion.service';
import type { VisitWithOrder } from '../orders/projections/visit-record.projection';
import type { VisitPhotoRow } from './visit-record.repository';

export function photoView(row: VisitPhotoRow): VisitPhoto {
  return {
    id: row.id,
    category: row.category,
    takenAt: row.takenAt.toISOString(),
    latitude: row.latitude,
    longitude: row.longitude,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    sha256: row.sha256,
    contentType: row.contentType,
    uploadedAt: row.uploadedAt.toISOString(),
    url: visitPaths.photoFile(row.id),
    thumbnailUrl: visitPaths.photoThumbnail(row.id),
  };
}

const number = (value: string | null) => (value === null ? null : Number(value));

/** The record as the API answers it, with what completion still needs. */
export function recordView(row: VisitWithOrder, photoRows: VisitPhotoRow[]): VisitRecord {
  const v = row.visit;
  const photos = photoRows.map(photoView);
  const dish = v.serials.dish;
  const router = v.serials.router;
  const serials =
    v.serialsSavedAt && dish && router
      ? {
          dish,
          router,
          others: v.otherSerials ?? [],
          mismatchReason: v.serialMismatchReason,
        }
      : null;
  const latitude = number(v.checkInLatitude);
  const longitude = number(v.checkInLongitude);
  return {
    visitId: v.id,
    orderId: v.orderId,
    orderNumber: row.orderNumber,
    engineer: {
      id: v.engineerId,
      firstName: row.engineerFirstName,
      lastName: row.engineerLastName,
    },
    scheduledDate: v.scheduledDate,
    slot: v.slot,
    status: v.status,
    checkIn: v.checkedInAt
      ? {
          at: v.checkedInAt.toISOString(),
          position:
            latitude !== null && longitude !== null
              ? { latitude, longitude, accuracyM: v.checkInAccuracyM }
              : null,
          offDayReason: v.checkInOffDayReason,
        }
      : null,
    survey: v.survey ?? null,
    photos,
    serials,
    commissioning: v.commissioning
      ? { ...v.commissioning, thresholdReason: v.commissioning.thresholdReason ?? null }
      : null,
    signOff:
      v.signatureKey && v.signedAt && v.customerSignOffName
        ? {
            name: v.customerSignOffName,
            signedAt: v.signedAt.toISOString(),
            signatureUrl: visitPaths.signature(v.id),
          }
        : null,
    outcome:
      v.outcome && v.checkedOutAt
        ? {
            result: v.outcome,
            at: v.checkedOutAt.toISOString(),
            failureReason: v.failureReason,
            notes: v.outcomeNotes,
          }
        : null,
    missing: completionMissing(
      completionInputOf(
        v,
        photos.map((p) => p.category),
      ),
    ),
  };
}
