// One visit as the screens show it: the server's last word, overlaid with what the engineer
// has recorded on this device since (which the server will get through the outbox).
import {
  completionMissing,
  type EngineerVisit,
  type PhotoCategory,
} from '@shared/visits/visit-record';
import type { EngineerDb, StoredPhoto } from '../offline/db';
import { isVisitStep, type LocalRecord, type VisitStep } from '../offline/visit-actions';
import { useLive } from './use-live';

export type ShownPhoto = {
  id: string;
  category: PhotoCategory;
  /** Local thumbnail (a Blob) or the server's thumbnail URL. */
  thumbnail: Blob | string;
  synced: boolean;
  onServer: boolean;
};

export type VisitView = {
  visit: EngineerVisit;
  local: LocalRecord;
  step: VisitStep;
  photos: ShownPhoto[];
  checkedIn: boolean;
  hasSurvey: boolean;
  serials: { dish: string; router: string } | null;
  signedBy: string | null;
  outcome: { result: 'completed' | 'failed'; failureReason?: string | null } | null;
  missing: string[];
};

function firstOpenStep(visit: EngineerVisit, local: LocalRecord): VisitStep {
  const r = visit.record;
  if (!(local.checkIn ?? r.checkIn)) return 'check-in';
  if (!(local.survey ?? r.survey)) return 'survey';
  return 'photos';
}

export function buildVisitView(
  visit: EngineerVisit,
  local: LocalRecord,
  storedStep: string | undefined,
  localPhotos: StoredPhoto[],
  deletedOnDevice: Set<string>,
): VisitView {
  const record = visit.record;
  const localIds = new Set(localPhotos.map((photo) => photo.id));
  const photos: ShownPhoto[] = [
    ...record.photos
      .filter((photo) => !localIds.has(photo.id) && !deletedOnDevice.has(photo.id))
      .map((photo) => ({
        id: photo.id,
        category: photo.category,
        thumbnail: photo.thumbnailUrl,
        synced: true,
        onServer: true,
      })),
    ...localPhotos.map((photo) => ({
      id: photo.id,
      category: photo.category as PhotoCategory,
      thumbnail: photo.thumbnail,
      synced: photo.synced,
      onServer: photo.synced,
    })),
  ];
  const serials = local.serials ?? record.serials;
  const signedBy = local.signOff?.name ?? record.signOff?.name ?? null;
  const outcome = local.outcome
    ? {
        result: local.outcome.result,
        failureReason: local.outcome.result === 'failed' ? local.outcome.failureReason : null,
      }
    : record.outcome;
  return {
    visit,
    local,
    step: isVisitStep(storedStep) ? storedStep : firstOpenStep(visit, local),
    photos,
    checkedIn: Boolean(local.checkIn ?? record.checkIn),
    hasSurvey: Boolean(local.survey ?? record.survey),
    serials: serials ? { dish: serials.dish, router: serials.router } : null,
    signedBy,
    outcome,
    missing: completionMissing({
      photoCategories: photos.map((photo) => photo.category),
      serials,
      commissioning: Boolean(local.commissioning ?? record.commissioning),
      signature: signedBy !== null,
    }),
  };
}

/** The visit's view, kept current as the device store changes; null when not on the device. */
export function useVisitView(db: EngineerDb, visitId: string): VisitView | null | undefined {
  return useLive(async () => {
    const [stored, progress, photos, deletes] = await Promise.all([
      db.visits.get(visitId),
      db.progress.get(visitId),
      db.photos.where('visitId').equals(visitId).toArray(),
      db.outbox
        .where('visitId')
        .equals(visitId)
        .filter((item) => item.method === 'DELETE')
        .toArray(),
    ]);
    if (!stored) return null;
    const deleted = new Set(deletes.map((item) => item.url.split('/').pop() ?? ''));
    return buildVisitView(
      stored.data as EngineerVisit,
      (progress?.record ?? {}) as LocalRecord,
      progress?.step,
      photos,
      deleted,
    );
  }, [db, visitId]);
}
