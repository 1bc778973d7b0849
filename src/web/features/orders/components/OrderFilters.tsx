import { Search, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  kitStatuses,
  kitStatusLabels,
  orderStatuses,
  orderStatusLabels,
  slaStateLabels,
  slaStates,
} from '@shared/orders/order-status';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { useContractors } from '@web/api/contractors/list-contractors';
import { useJobTypes } from '@web/api/job-types/list-job-types';
import { usePartners } from '@web/api/partners/list-partners';
import {
  activeFilterCount,
  defaultListState,
  type OrderListState,
} from '../lib/list-search-params';
import { useOrdersArea } from '../lib/orders-area';
import { MultiSelectFilter } from './MultiSelectFilter';

/** A "from" and a "to" date, each bounding the other. */
function DateRangeFields({
  what,
  ids,
  from,
  to,
  onChange,
}: {
  what: string;
  ids: [string, string];
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
}) {
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={ids[0]}>{what} from</Label>
        <Input
          id={ids[0]}
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => onChange(e.target.value, to)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids[1]}>{what} to</Label>
        <Input
          id={ids[1]}
          type="date"
          value={to}
          min={from || undefined}
          onChange={(e) => onChange(from, e.target.value)}
        />
      </div>
    </>
  );
}

export const SEARCH_DEBOUNCE_MS = 300;

/** The search box: typing updates the URL (replacing, not pushing) after a short pause. */
export function OrderSearchBox({
  value,
  onSearch,
}: {
  value: string;
  onSearch: (q: string) => void;
}) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The URL changed from elsewhere (back button, a link): show what it says.
  if (value !== shown) {
    setShown(value);
    if (text.trim() !== value.trim()) setText(value);
  }
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => onSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div className="relative w-full">
      <Label htmlFor="order-search" className="sr-only">
        Search orders
      </Label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <Input
        id="order-search"
        type="search"
        className="pl-9"
        placeholder="Order number, reference, name, postcode, phone or email"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onSearch(text);
        }}
      />
    </div>
  );
}

export function OrderFilters({
  state,
  onChange,
}: {
  state: OrderListState;
  onChange: (patch: Partial<OrderListState>) => void;
}) {
  const { backOffice } = useOrdersArea();
  // Partners and contractors are back office's lists; a contractor filters by what it sees.
  const partners = usePartners({ enabled: backOffice });
  const jobTypes = useJobTypes();
  const contractors = useContractors({}, { enabled: backOffice });
  const count = activeFilterCount(state);
  // Phones: the filters fold away behind one button so the list stays in view.
  const [open, setOpen] = useState(false);

  return (
    <>
      <Button
        variant="outline"
        className="md:hidden"
        aria-expanded={open}
        aria-controls="order-filters"
        onClick={() => setOpen(!open)}
      >
        <SlidersHorizontal aria-hidden="true" />
        {open ? 'Hide filters' : 'Filters'}
        {count > 0 ? ` (${count})` : ''}
      </Button>
      <fieldset
        id="order-filters"
        className={`${open ? 'grid' : 'hidden'} gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2 md:grid lg:grid-cols-4`}
      >
        <legend className="sr-only">Filters</legend>
        <MultiSelectFilter
          label="Status"
          options={orderStatuses}
          labels={orderStatusLabels}
          value={state.status}
          onChange={(status) => onChange({ status })}
        />
        <MultiSelectFilter
          label="Kit"
          options={kitStatuses}
          labels={kitStatusLabels}
          value={state.kitStatus}
          onChange={(kitStatus) => onChange({ kitStatus })}
        />
        <MultiSelectFilter
          label="SLA"
          options={slaStates}
          labels={slaStateLabels}
          value={state.slaState}
          onChange={(slaState) => onChange({ slaState })}
        />
        {backOffice && (
          <div className="grid gap-1.5">
            <Label htmlFor="filter-partner">Partner</Label>
            <Select
              id="filter-partner"
              value={state.partnerId}
              onChange={(e) => onChange({ partnerId: e.target.value })}
            >
              <option value="">Any partner</option>
              {partners.data?.items.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </Select>
          </div>
        )}
        {backOffice && (
          <div className="grid gap-1.5">
            <Label htmlFor="filter-contractor">Contractor</Label>
            <Select
              id="filter-contractor"
              value={state.contractorId}
              onChange={(e) => onChange({ contractorId: e.target.value })}
            >
              <option value="">Any contractor</option>
              <option value="none">No contractor</option>
              {contractors.data?.items.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </div>
        )}
        <div className="grid gap-1.5">
          <Label htmlFor="filter-job-type">Job type</Label>
          <Select
            id="filter-job-type"
            value={state.jobTypeId}
            onChange={(e) => onChange({ jobTypeId: e.target.value })}
          >
            <option value="">Any job type</option>
            {jobTypes.data?.items.map((j) => (
              <option key={j.id} value={j.id}>
                {j.name}
              </option>
            ))}
          </Select>
        </div>
        <DateRangeFields
          what="Received"
          ids={['filter-from', 'filter-to']}
          from={state.receivedFrom}
          to={state.receivedTo}
          onChange={(from, to) => onChange({ receivedFrom: from, receivedTo: to })}
        />
        <DateRangeFields
          what="Completed"
          ids={['filter-completed-from', 'filter-completed-to']}
          from={state.completedFrom}
          to={state.completedTo}
          onChange={(from, to) => onChange({ completedFrom: from, completedTo: to })}
        />
        {count > 0 && (
          <div className="flex items-end sm:col-span-2 lg:col-span-4">
            <Button
              variant="ghost"
              size="sm"
              onClick={() =>
                onChange({
                  status: [],
                  kitStatus: [],
                  slaState: [],
                  partnerId: '',
                  contractorId: '',
                  jobTypeId: '',
                  receivedFrom: defaultListState.receivedFrom,
                  receivedTo: defaultListState.receivedTo,
                  completedFrom: defaultListState.completedFrom,
                  completedTo: defaultListState.completedTo,
                })
              }
            >
              <X aria-hidden="true" />
              Clear {count} {count === 1 ? 'filter' : 'filters'}
            </Button>
          </div>
        )}
      </fieldset>
    </>
  );
}
