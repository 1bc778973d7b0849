import { MapPin } from 'lucide-react';
import type { EngineerVisit } from '@shared/visits/visit-record';
import { dayLabel, slotLabel } from './visit-labels';
import { londonDateOf } from '@shared/london-date';

/** The address as a person writes it: street lines, town, county, postcode. */
export function visitAddressText(address: EngineerVisit['address']): string {
  return [...address.lines, address.town, address.county, address.postcode]
    .filter(Boolean)
    .join(', ');
}

/**
 * The access notes, each once: the visit's note is the customer's answer when they gave one,
 * so the two are often the same text (issue 24).
 */
export function accessNotesOf(visit: EngineerVisit): string[] {
  const notes = [visit.accessNotes, visit.customerForm?.accessNotes]
    .map((note) => note?.trim() ?? '')
    .filter((note) => note !== '');
  return [...new Set(notes)];
}

/** Who, what and where of one visit, at the top of its screen. */
export function VisitHeader({ visit }: { visit: EngineerVisit }) {
  const access = accessNotesOf(visit);
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
        {visit.customer.name}
      </h1>
      <p className="text-sm text-slate-700">
        {visit.orderNumber} · {visit.jobType.name} · {dayLabel(visit.scheduledDate, londonDateOf())}
        , {slotLabel(visit.slot).toLowerCase()}
      </p>
      <p className="text-sm text-slate-700">
        {visitAddressText(visit.address)}{' '}
        <a
          href={visit.address.mapsUrl}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-0.5 font-medium text-brand-700 underline"
        >
          <MapPin aria-hidden="true" className="size-3.5" />
          Map
        </a>
      </p>
      {access.length > 0 && (
        <p className="rounded-md bg-amber-50 px-2 py-1 text-sm text-amber-950">
          Access: {access.join(' · ')}
        </p>
      )}
      {visit.customer.phone && (
        <a
          href={`tel:${visit.customer.phone}`}
          className="text-sm font-medium text-brand-700 underline"
        >
          Call {visit.customer.phone}
        </a>
      )}
    </>
  );
}
