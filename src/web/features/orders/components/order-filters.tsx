import { SlidersHorizontal, X } from 'lucide-react';
import { useState } from 'react';
import {
  kitStatuses,
  kitStatusLabels,
  orderStatuses,
  orderStatusLabels,
  slaStateLabels,
  slaStates,
} from '@shared/orders/order-status';
import { Button } from '@web/components/ui/button';
import { SelectFilter, namedOptions } from '@web/components/filter-bar';
import { DateFilter } from '@web/components/date-filter';
import { useContractors } from '@web/api/contractors/list-contractors';
import { useJobTypes } from '@web/api/job-types/list-job-types';
import { usePartners } from '@web/api/partners/list-partners';
import {
  activeFilterCount,
  defaultListState,
  type OrderListState,
} from '../lib/list-search-params';
import { useOrdersArea } from '../lib/orders-area';
import { MultiSelectFilter } from './multi-select-filter';

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
      <DateFilter
        id={ids[0]}
        label={`${what} from`}
        value={from}
        max={to || undefined}
        onChange={(value) => onChange(value, to)}
      />
      <DateFilter
        id={ids[1]}
        label={`${what} to`}
        value={to}
        min={from || undefined}
        onChange={(value) => onChange(from, value)}
      />
    </>
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
          <SelectFilter
            id="filter-partner"
            label="Partner"
            allLabel="Any partner"
            options={namedOptions(partners.data?.items)}
            value={state.partnerId}
            onChange={(partnerId) => onChange({ partnerId })}
          />
        )}
        {backOffice && (
          <SelectFilter
            id="filter-contractor"
            label="Contractor"
            allLabel="Any contractor"
            options={[
              { value: 'none', label: 'No contractor' },
              ...namedOptions(contractors.data?.items),
            ]}
            value={state.contractorId}
            onChange={(contractorId) => onChange({ contractorId })}
          />
        )}
        <SelectFilter
          id="filter-job-type"
          label="Job type"
          allLabel="Any job type"
          options={namedOptions(jobTypes.data?.items)}
          value={state.jobTypeId}
          onChange={(jobTypeId) => onChange({ jobTypeId })}
        />
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
