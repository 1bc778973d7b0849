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
import type { OnTheWayBody } from '@shared/visits/on-the-way';
import type { EngineerDb, StoredPhoto, VisitProgress } from './db';
import { newDeviceId, type ItemState, type Outbox } from './outbox';
import type { PreparedPhoto } from './photos';

import type { VisitStep } from './visit-steps';

export { isVisitStep, nextStep, visitStepLabels, visitSteps, type VisitStep } from './visit-steps';

/** The record as the engineer made it on this device. */
export type LocalRecord = {
  checkIn?: CheckInBody;
  survey?: SurveyBody;
  serials?: SerialsBody;
  commissioning?: CommissioningBody;
  signOff?: SignOffBody;
  outcome?: ({ result: 'completed' } & CompleteBody) | ({ result: 'failed' } & FailBody);
  onTheWay?: Required<OnTheWayBody>;
};

export type VisitActions = ReturnType<typeof visitActions>;

export function visitActions(db: EngineerDb, outbox: Outbox) {
  /**
   * Writes one part of the local record and its outbox item together; answers the item's id.
   * A refusal takes the part back and reopens the visit at `from` (decision 059).
   */
  async function record(
    visitId: string,
    part: { key: keyof LocalRecord; from: VisitStep; value: LocalRecord[keyof LocalRecord] },
    step: string,
    item: { label: string; method: 'POST' | 'PUT'; url: string; body: unknown },
  ): Promise<string> {
    return db.transaction('rw', db.progress, db.outbox, async () => {
      const current = (await db.progress.get(visitId)) as VisitProgress | undefined;
      const next = { ...(current?.record ?? {}), [part.key]: part.value };
      await db.progress.put({ visitId, step, record: next, updatedAt: Date.now() });
      return outbox.add({ visitId, ...item, undo: { key: part.key, step: part.from } });
    });
  }

  return {
    /** Sends now when online and answers whether the server accepted the change (decision 059). */
    settle(id: string): Promise<ItemState> {
      return outbox.settle(id);
    },

    /** The engineer has read a refusal or a note of why a visit left the phone. */
    async dismiss(entry: { seq: number } | { noticeId: number }) {
      if ('seq' in entry) await outbox.dismiss(entry.seq);
      else await db.notices.delete(entry.noticeId);
    },

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

    /**
     * Tells the customer the engineer is on the way (issue 25), queued like every change and
     * sent with the tap's time, so the arrival window starts when the engineer set off.
     */
    async onTheWay(visitId: string, at = new Date()): Promise<string> {
      const body = { at: at.toISOString() };
      return db.transaction('rw', db.progress, db.outbox, async () => {
        const current = await db.progress.get(visitId);
        await db.progress.put({
          visitId,
          step: current?.step ?? 'check-in',
          record: { ...(current?.record ?? {}), onTheWay: body },
          updatedAt: Date.now(),
        });
        return outbox.add({
          visitId,
          label: 'On my way',
          method: 'POST',
          url: visitPaths.onTheWay(visitId),
          body,
          undo: { key: 'onTheWay' },
        });
      });
    },

    /**
     * Checks in at `at` (this phone's clock). On another UK day than the booked one the reason
     * travels with the queued check-in; the server judges that same time (issue 24).
     */
    checkIn(visitId: string, position: Position | null, at = new Date(), offDayReason?: string) {
      const body: CheckInBody = {
        at: at.toISOString(),
        position,
        ...(offDayReason ? { offDayReason } : {}),
      };
      return record(visitId, { key: 'checkIn', from: 'check-in', value: body }, 'survey', {
        label: 'Check in',
        method: 'POST',
        url: visitPaths.checkIn(visitId),
        body,
      });
    },

    saveSurvey(visitId: string, body: SurveyBody) {
      return record(visitId, { key: 'survey', from: 'survey', value: body }, 'photos', {
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
      return record(visitId, { key: 'serials', from: 'serials', value: body }, 'commissioning', {
        label: 'Serials',
        method: 'PUT',
        url: visitPaths.serials(visitId),
        body,
      });
    },

    saveCommissioning(visitId: string, body: CommissioningBody) {
      return record(
        visitId,
        { key: 'commissioning', from: 'commissioning', value: body },
        'sign-off',
        {
          label: 'Commissioning',
          method: 'PUT',
          url: visitPaths.commissioning(visitId),
          body,
        },
      );
    },

    signOff(visitId: string, body: SignOffBody) {
      return record(visitId, { key: 'signOff', from: 'sign-off', value: body }, 'complete', {
        label: 'Customer sign-off',
        method: 'PUT',
        url: visitPaths.signOff(visitId),
        body,
      });
    },

    complete(visitId: string, body: CompleteBody) {
      return record(
        visitId,
        { key: 'outcome', from: 'complete', value: { result: 'completed', ...body } },
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
        { key: 'outcome', from: 'complete', value: { result: 'failed', ...body } },
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
