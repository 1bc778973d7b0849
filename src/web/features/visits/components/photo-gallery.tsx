import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { photoCategoryLabels, type VisitPhoto } from '@shared/visits/visit-record';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { formatDateTime } from '../lib/format';

/** The visit's photos as a grid of thumbnails; each opens a lightbox (arrow keys move). */
export function PhotoGallery({ photos }: { photos: VisitPhoto[] }) {
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return <p className="text-sm text-slate-600">No photos yet.</p>;
  const current = open === null ? null : photos[open]!;
  const move = (step: number) =>
    setOpen((index) => (index === null ? null : (index + step + photos.length) % photos.length));
  return (
    <>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Photos">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <button
              type="button"
              onClick={() => setOpen(index)}
              className="block w-full overflow-hidden rounded-md border border-slate-200 text-left focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            >
              <img
                src={photo.thumbnailUrl}
                alt={`${photoCategoryLabels[photo.category]} photo`}
                loading="lazy"
                className="aspect-[4/3] w-full bg-slate-100 object-cover"
              />
              <span className="block px-2 py-1 text-xs text-slate-700">
                {photoCategoryLabels[photo.category]}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={current !== null} onOpenChange={(value) => !value && setOpen(null)}>
        {current && (
          <DialogContent
            className="max-w-4xl"
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') move(1);
              if (event.key === 'ArrowLeft') move(-1);
            }}
          >
            <DialogTitle>{photoCategoryLabels[current.category]}</DialogTitle>
            <DialogDescription>
              Photo {open! + 1} of {photos.length} · taken {formatDateTime(current.takenAt)}
              {current.latitude !== null && current.longitude !== null
                ? ` · ${current.latitude.toFixed(5)}, ${current.longitude.toFixed(5)}`
                : ''}
            </DialogDescription>
            <img
              src={current.url}
              alt={`${photoCategoryLabels[current.category]} photo, full size`}
              className="max-h-[65dvh] w-full rounded-md bg-slate-100 object-contain"
            />
            <div className="flex justify-between gap-2">
              <Button type="button" variant="outline" onClick={() => move(-1)}>
                <ChevronLeft aria-hidden="true" className="size-4" /> Previous
              </Button>
              <Button type="button" variant="outline" onClick={() => move(1)}>
                Next <ChevronRight aria-hidden="true" className="size-4" />
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
