// What the engineer does on a visit, recorded on the device first (decision 041): each action
// updates the visit's local record and adds its outbox item in one IndexedDB transaction, so
// the screen and the outbox never disagree, whatever happens to the network or the app.
import {
  visitPaths,
  type CheckInBody,
  type CommissioningBody,
  type CompleteBody,
  type FailBody,
  type PhotoCategory,
  type Position,
  type SerialsBody,
  type SignOffBody,
  type SurveyBody,
} from '@shared/visits/visit-record';
import type { EngineerDb, StoredPhoto, VisitProgress } from './db';
import { newDeviceId, type Outbox } from './outbox';
import type { PreparedPhoto } from './photos';

export const visitSteps = [
  'check-in',
  'survey',
  'photos',
  'serials',
  'commissioning',
  'sign-off',
  'complete',
] as const;
export type VisitStep = (typeof visitSteps)[number];

export const visitStepLabels: Record<VisitStep, string> = {
  'check-in': 'Check in',
  survey: 'Survey and safety',
  photos: 'Photos',
  serials: 'Serials',
  commissioning: 'Commissioning',
  'sign-off': 'Customer sign-off',
  complete: 'Complete',
};

export function isVisitStep(value: string | undefined): value is VisitStep {
  return (visitSteps as readonly string[]).includes(value ?? '');
}

export function nextStep(step: VisitStep): VisitStep {
  return visitSteps[Math.min(visitSteps.indexOf(step) + 1, visitSteps.length - 1)]!;
}

/** The record as the engineer made it on this device. */
export type LocalRecord = {
  checkIn?: CheckInBody;
  survey?: SurveyBody;
  serials?: SerialsBody;
  commissioning?: CommissioningBody;
  signOff?: SignOffBody;
  outcome?: ({ result: 'completed' } & CompleteBody) | ({ result: 'failed' } & FailBody);
};

export type VisitActions = ReturnType<typeof visitActions>;

export function visitActions(db: EngineerDb, outbox: Outbox) {
  async function record(
    visitId: string,
    change: (record: LocalRecord) => LocalRecord,
    step: string,
    item: { label: string; method: 'POST' | 'PUT'; url: string; body: unknown },
  ) {
    await db.transaction('rw', db.progress, db.outbox, async () => {
      const current = (await db.progress.get(visitId)) as VisitProgress | undefined;
      const next = change((current?.record ?? {}) as LocalRecord);
      await db.progress.put({
        visitId,
        step,
        record: next as Record<string, unknown>,
        updatedAt: Date.now(),
      });
      await outbox.add({ visitId, ...item });
    });
  }

  return {
    /** Remembers where the engineer is, so the visit opens there next time. */
    async goTo(visitId: string, step: VisitStep) {
      await db.transaction('rw', db.progress, async () => {
        const current = await db.progress.get(visitId);
        await db.progress.put({
          visitId,
          step,
          record: current?.record ?? {},
          updatedAt: Date.now(),
        });
      });
    },

    checkIn(visitId: string, position: Position | null, at = new Date()) {
      const body: CheckInBody = { at: at.toISOString(), position };
      return record(visitId, (r) => ({ ...r, checkIn: body }), 'survey', {
        label: 'Check in',
        method: 'POST',
        url: visitPaths.checkIn(visitId),
        body,
      });
    },

    saveSurvey(visitId: string, body: SurveyBody) {
      return record(visitId, (r) => ({ ...r, survey: body }), 'photos', {
        label: 'Survey and safety',
        method: 'PUT',
        url: visitPaths.survey(visitId),
        body,
      });
    },

    async addPhoto(
      visitId: string,
      category: PhotoCategory,
      prepared: PreparedPhoto,
      position: Position | null,
      takenAt = new Date(),
    ): Promise<string> {
      const id = newDeviceId();
      const photo: StoredPhoto = {
        id,
        visitId,
        category,
        blob: prepared.blob,
        thumbnail: prepared.thumbnail,
        sha256: prepared.sha256,
        bytes: prepared.blob.size,
        originalBytes: prepared.originalBytes,
        width: prepared.width,
        height: prepared.height,
        takenAt: takenAt.toISOString(),
        latitude: position?.latitude,
        longitude: position?.longitude,
        synced: false,
      };
      const query = new URLSearchParams({
        category,
        takenAt: photo.takenAt,
        originalBytes: String(prepared.originalBytes),
      });
      if (position) {
        query.set('latitude', String(position.latitude));
        query.set('longitude', String(position.longitude));
      }
      await db.transaction('rw', db.photos, db.outbox, async () => {
        await db.photos.add(photo);
        await outbox.add({
          visitId,
          label: `Photo: ${category.replaceAll('_', ' ')}`,
          method: 'PUT',
          url: `${visitPaths.photo(visitId, id)}?${query.toString()}`,
          photoId: id,
        });
      });
      return id;
    },

    /**
     * Deletes a photo. One not yet sent (and not being sent) just goes, with its outbox item;
     * one the server may have is deleted there too, through the outbox.
     */
    async deletePhoto(visitId: string, photoId: string, serverHasIt: boolean) {
      await db.transaction('rw', db.photos, db.outbox, async () => {
        const upload = await db.outbox.filter((item) => item.photoId === photoId).toArray();
        const unsent = upload.filter(
          (item) => item.method === 'PUT' && item.attempts === 0 && !outbox.isSending(item.id),
        );
        const mayBeOnServer = serverHasIt || upload.length !== unsent.length || upload.length === 0;
        await db.outbox.bulkDelete(unsent.map((item) => item.seq!));
        await db.photos.delete(photoId);
        if (mayBeOnServer) {
          await outbox.add({
            visitId,
            label: 'Delete a photo',
            method: 'DELETE',
            url: visitPaths.photo(visitId, photoId),
          });
        }
      });
    },

    saveSerials(visitId: string, body: SerialsBody) {
      return record(visitId, (r) => ({ ...r, serials: body }), 'commissioning', {
        label: 'Serials',
        method: 'PUT',
        url: visitPaths.serials(visitId),
        body,
      });
    },

    saveCommissioning(visitId: string, body: CommissioningBody) {
      return record(visitId, (r) => ({ ...r, commissioning: body }), 'sign-off', {
        label: 'Commissioning',
        method: 'PUT',
        url: visitPaths.commissioning(visitId),
        body,
      });
    },

    signOff(visitId: string, body: SignOffBody) {
      return record(visitId, (r) => ({ ...r, signOff: body }), 'complete', {
        label: 'Customer sign-off',
        method: 'PUT',
        url: visitPaths.signOff(visitId),
        body,
      });
    },

    complete(visitId: string, body: CompleteBody) {
      return record(
        visitId,
        (r) => ({ ...r, outcome: { result: 'completed', ...body } }),
        'complete',
        {
          label: 'Complete the visit',
          method: 'POST',
          url: visitPaths.complete(visitId),
          body,
        },
      );
    },

    fail(visitId: string, body: FailBody) {
      return record(
        visitId,
        (r) => ({ ...r, outcome: { result: 'failed', ...body } }),
        'complete',
        {
          label: 'Fail the visit',
          method: 'POST',
          url: visitPaths.fail(visitId),
          body,
        },
      );
    },
  };
}
