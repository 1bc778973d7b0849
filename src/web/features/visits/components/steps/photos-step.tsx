import { Camera, Check, Clock, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  photoCategories,
  photoCategoryLabels,
  type PhotoCategory,
} from '@shared/visits/visit-record';
import { Button } from '@web/components/ui/button';
import { currentPosition } from '../../lib/position';
import type { ShownPhoto } from '../../lib/visit-view';
import { preparePhoto } from '../../offline/photos';
import type { StepProps } from './step-props';

function Thumbnail({ photo, label }: { photo: ShownPhoto; label: string }) {
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (typeof photo.thumbnail === 'string' || !img.current) return;
    // A photo still on the phone: its thumbnail Blob, shown through an object URL.
    const url = URL.createObjectURL(photo.thumbnail);
    img.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [photo.thumbnail]);
  return (
    <img
      ref={img}
      src={typeof photo.thumbnail === 'string' ? photo.thumbnail : undefined}
      alt={label}
      className="size-24 rounded-md border border-slate-200 bg-slate-100 object-cover"
    />
  );
}

function CategoryRow({
  category,
  view,
  actions,
}: Pick<StepProps, 'view' | 'actions'> & { category: PhotoCategory }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const photos = view.photos.filter((photo) => photo.category === category);
  const label = photoCategoryLabels[category];
  const inputId = `photo-${category}`;

  async function add(file: File | undefined, replacing?: ShownPhoto) {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const [prepared, position] = await Promise.all([preparePhoto(file), currentPosition(3_000)]);
      if (replacing) await actions.deletePhoto(view.visit.id, replacing.id, replacing.onServer);
      await actions.addPhoto(view.visit.id, category, prepared, position);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The photo could not be saved');
    } finally {
      setBusy(false);
    }
  }

  return (
    <li
      className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3"
      data-testid={`photos-${category}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="flex items-center gap-1.5 font-medium text-slate-900">
          {photos.length > 0 ? (
            <Check aria-hidden="true" className="size-4 text-emerald-700" />
          ) : (
            <span aria-hidden="true" className="size-4 rounded-full border border-slate-400" />
          )}
          {label}
        </h3>
        <label
          htmlFor={inputId}
          className="inline-flex cursor-pointer items-center gap-1.5 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-900 focus-within:ring-2 focus-within:ring-brand-500"
        >
          <Camera aria-hidden="true" className="size-4" />
          {busy ? 'Saving…' : photos.length > 0 ? 'Add another' : 'Take photo'}
          <input
            id={inputId}
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            aria-label={`Take photo: ${label}`}
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              void add(file);
            }}
          />
        </label>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {photos.length > 0 && (
        <ul className="flex flex-wrap gap-3">
          {photos.map((photo, index) => (
            <li key={photo.id} className="grid justify-items-start gap-1">
              <Thumbnail photo={photo} label={`${label} photo ${index + 1}`} />
              <span className="flex items-center gap-1 text-xs text-slate-700">
                {photo.synced ? (
                  <>
                    <Check aria-hidden="true" className="size-3" /> Sent
                  </>
                ) : (
                  <>
                    <Clock aria-hidden="true" className="size-3" /> Waiting to send
                  </>
                )}
              </span>
              <span className="flex gap-1">
                <label className="inline-flex min-h-11 cursor-pointer items-center rounded border border-slate-300 px-3 text-xs font-medium focus-within:ring-2 focus-within:ring-brand-500">
                  Retake
                  <input
                    type="file"
                    accept="image/*"
                    capture="environment"
                    className="sr-only"
                    aria-label={`Retake ${label} photo ${index + 1}`}
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      event.target.value = '';
                      void add(file, photo);
                    }}
                  />
                </label>
                <Button
                  variant="ghost"
                  size="sm"
                  className="min-h-11 px-3 text-xs"
                  aria-label={`Delete ${label} photo ${index + 1}`}
                  onClick={() => void actions.deletePhoto(view.visit.id, photo.id, photo.onServer)}
                >
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function PhotosStep({ view, actions, go }: StepProps) {
  const done = photoCategories.filter((category) =>
    view.photos.some((photo) => photo.category === category),
  ).length;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-700">
        At least one photo in each category ({done} of {photoCategories.length} done). Photos are
        made smaller on this phone and sent when there is a network.
      </p>
      <ul className="grid gap-2">
        {photoCategories.map((category) => (
          <CategoryRow key={category} category={category} view={view} actions={actions} />
        ))}
      </ul>
      <Button className="justify-self-start" onClick={() => go('serials')}>
        Next: serials
      </Button>
    </div>
  );
}
