import { format, parseISO } from 'date-fns';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { AssignmentQueueItem } from '@shared/orders/orders.contracts';
import { slaStateLabels } from '@shared/orders/order-status';
import { Button } from '@web/components/ui/button';
import { Pagination } from '@web/components/ui/pagination';
import { Checkbox } from '@web/components/ui/checkbox';
import { EmptyState } from '@web/components/ui/empty-state';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useAssignmentQueue } from '@web/api/contractors/list-assignment-queue';
import { useBulkAssign, type BulkAssignResult } from '@web/api/contractors/bulk-assign';
import { useContractors } from '@web/api/contractors/list-contractors';
import { showServerError } from '@web/lib/show-server-error';
import { PageLayout } from '@web/components/page-layout';
import { StatusBadge } from '@web/components/status-badge';
import { totalWords } from '@shared/schema/paging.contracts';

const pageSize = 50;

function reportResult(result: BulkAssignResult, contractorName: string) {
  const ok = result.results.filter((r) => r.ok).length;
  const failed = result.results.filter((r) => !r.ok);
  if (failed.length === 0) {
    toast({
      title: `${ok} ${ok === 1 ? 'order' : 'orders'} offered to ${contractorName}`,
      description: 'They are assigned once the contractor accepts.',
    });
  } else {
    toast({
      variant: 'destructive',
      title: `${failed.length} of ${result.results.length} could not be assigned`,
      description: failed.map((f) => f.message ?? f.code).join(' '),
    });
  }
}

function QueueRow({
  item,
  selected,
  onSelect,
  onAssign,
  busy,
}: {
  item: AssignmentQueueItem;
  selected: boolean;
  onSelect: (checked: boolean) => void;
  onAssign: (contractorId: string) => void;
  busy: boolean;
}) {
  const [choice, setChoice] = useState(item.suggestedContractors[0]?.id ?? '');
  const covering = item.suggestedContractors.filter((c) => c.covers);
  const others = item.suggestedContractors.filter((c) => !c.covers);
  const selectId = `assign-${item.id}`;
  return (
    <li className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 md:grid-cols-[auto_1fr_auto] md:items-center">
      <Checkbox
        checked={selected}
        onCheckedChange={(checked) => onSelect(checked === true)}
        aria-label={`Select ${item.orderNumber}`}
      />
      <div className="grid gap-0.5 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            href={`/orders/${item.id}`}
            className="font-medium whitespace-nowrap text-brand-700 hover:underline"
          >
            {item.orderNumber}
          </Link>
          <StatusBadge kind="sla" status={item.slaState}>
            SLA {slaStateLabels[item.slaState]}
          </StatusBadge>
        </div>
        <span>
          {item.customer.name} · {item.customer.town} <strong>{item.customer.postcode}</strong>
        </span>
        <span className="text-xs text-slate-500">
          {item.jobType.name} · {item.partner.name} · received{' '}
          {format(parseISO(item.receivedAt), 'd MMM yyyy')}
        </span>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor={selectId} className="text-xs">
            Contractor for {item.orderNumber}
          </Label>
          <Select
            id={selectId}
            className="h-9 min-w-56"
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
          >
            <option value="">Choose…</option>
            {covering.length > 0 && (
              <optgroup label={`Covering ${item.customer.postcode}`}>
                {covering.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name} ({c.openOrderCount} open)
                  </option>
                ))}
              </optgroup>
            )}
            {others.length > 0 && (
              <optgroup label="Not covering">
                {others.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name} ({c.openOrderCount} open)
                  </option>
                ))}
              </optgroup>
            )}
          </Select>
        </div>
        <Button size="sm" disabled={!choice || busy} onClick={() => onAssign(choice)}>
          Assign
        </Button>
      </div>
    </li>
  );
}

/** /back-office/contractor-management: validated orders waiting for a contractor. */
export default function ContractorManagementPage() {
  const [page, setPage] = useState(1);
  const queue = useAssignmentQueue(page, pageSize);
  const contractors = useContractors({ active: 'true' });
  const assign = useBulkAssign();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkContractor, setBulkContractor] = useState('');
  const items = queue.data?.items ?? [];
  const total = queue.data?.total ?? 0;
  const selectedHere = items.filter((i) => selected.has(i.id));

  async function handleAssign(orderIds: string[], contractorId: string) {
    const name =
      contractors.data?.items.find((c) => c.id === contractorId)?.name ??
      items.flatMap((i) => i.suggestedContractors).find((c) => c.id === contractorId)?.name ??
      'the contractor';
    try {
      const result = await assign.mutateAsync({ orderIds, contractorId });
      reportResult(result, name);
      setSelected((current) => {
        const next = new Set(current);
        for (const r of result.results) if (r.ok) next.delete(r.orderId);
        return next;
      });
    } catch (error) {
      showServerError(error, { title: 'Could not assign' });
    }
  }

  return (
    <PageLayout>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
          Contractor management
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          Validated orders without a contractor. Contractors covering the postcode are suggested
          first.{' '}
          <Link href="/contractors" className="text-brand-700 underline">
            Contractor companies
          </Link>
        </p>
      </div>

      <section
        aria-label="Assign selected orders"
        className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3"
      >
        <div className="flex items-center gap-2">
          <Checkbox
            id="select-all"
            checked={items.length > 0 && selectedHere.length === items.length}
            onCheckedChange={(checked) =>
              setSelected(checked === true ? new Set(items.map((i) => i.id)) : new Set())
            }
          />
          <Label htmlFor="select-all">Select all on this page</Label>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="bulk-contractor">Contractor for the selected orders</Label>
          <Select
            id="bulk-contractor"
            className="min-w-56"
            value={bulkContractor}
            onChange={(e) => setBulkContractor(e.target.value)}
          >
            <option value="">Choose a contractor</option>
            {contractors.data?.items.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.coverageAreas.join(', ') || 'no coverage'})
              </option>
            ))}
          </Select>
        </div>
        <Button
          disabled={!bulkContractor || selected.size === 0 || assign.isPending}
          onClick={() => void handleAssign([...selected], bulkContractor)}
        >
          Assign {selected.size} selected
        </Button>
      </section>

      {queue.isPending ? (
        <div className="grid gap-2" role="status" aria-label="Loading the assignment queue">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
      ) : queue.isError ? (
        <EmptyState
          title="The queue could not be loaded"
          action={<Button onClick={() => void queue.refetch()}>Try again</Button>}
        >
          {errorMessage(queue.error, queue.error.message)}
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState icon={Inbox} title="Nothing to assign">
          Every validated order has a contractor.
        </EmptyState>
      ) : (
        <>
          <ul className="grid gap-2" aria-label="Orders awaiting a contractor">
            {items.map((item) => (
              <QueueRow
                key={item.id}
                item={item}
                busy={assign.isPending}
                selected={selected.has(item.id)}
                onSelect={(checked) =>
                  setSelected((current) => {
                    const next = new Set(current);
                    if (checked) next.add(item.id);
                    else next.delete(item.id);
                    return next;
                  })
                }
                onAssign={(contractorId) => void handleAssign([item.id], contractorId)}
              />
            ))}
          </ul>
          <Pagination
            label="Queue pages"
            page={page}
            pageSize={pageSize}
            total={total}
            onPageChange={setPage}
            summary={totalWords(
              total,
              queue.data?.totalIsEstimate ?? false,
              { one: 'order waiting', many: 'orders waiting' },
              queue.data?.totalIsLowerBound,
            )}
          />
        </>
      )}
    </PageLayout>
  );
}
