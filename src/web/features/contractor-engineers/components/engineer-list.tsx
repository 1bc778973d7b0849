import type { ContractorEngineer } from '@shared/contractor-engineers/contractor-engineers.contracts';
import { visitsToCome, visitWhen } from '@shared/contractor-engineers/visit-labels';
import { formatUkPhone } from '@shared/phone';
import { EmailText, ListCard } from '@web/components/responsive-list';
import { StatusBadge } from '@web/components/status-badge';
import { Badge } from '@web/components/ui/badge';
import { DataTable, hiddenHeading, type DataTableColumn } from '@web/components/data-table';
import { EngineerActions } from './engineer-actions';

/** How many of an engineer's visits to name; the rest are counted. */
const shownVisits = 3;

function Name({ engineer }: { engineer: ContractorEngineer }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <span className="font-medium text-slate-900">
        {engineer.firstName} {engineer.lastName}
      </span>
      {engineer.isSelf && <Badge variant="secondary">You</Badge>}
      {engineer.isDualRole && <Badge variant="outline">Contractor and engineer</Badge>}
    </div>
  );
}

function Phone({ phone }: { phone: string | null }) {
  return phone ? (
    <span className="whitespace-nowrap">{formatUkPhone(phone)}</span>
  ) : (
    <span className="text-slate-600">No mobile: no SMS sign-in</span>
  );
}

function Visits({ engineer }: { engineer: ContractorEngineer }) {
  const visits = engineer.futureVisits;
  return (
    <div className="grid gap-0.5 text-sm">
      <span className={visits.length ? 'text-slate-900' : 'text-slate-600'}>
        {visitsToCome(visits.length)}
      </span>
      {visits.length > 0 && (
        <ul className="grid gap-0.5 text-xs text-slate-600">
          {visits.slice(0, shownVisits).map((visit) => (
            <li key={visit.visitId}>
              <span className="font-mono whitespace-nowrap">{visit.orderNumber}</span>{' '}
              {visitWhen(visit)}
            </li>
          ))}
          {visits.length > shownVisits && <li>and {visits.length - shownVisits} more</li>}
        </ul>
      )}
    </div>
  );
}

function Status({ engineer }: { engineer: ContractorEngineer }) {
  return <StatusBadge kind="user" status={engineer.status} />;
}

/** The company's engineers: cards on a phone, a table from `md` up. */
export function EngineerList({
  engineers,
  onEdit,
}: {
  engineers: readonly ContractorEngineer[];
  onEdit: (engineer: ContractorEngineer) => void;
}) {
  const columns: DataTableColumn<ContractorEngineer>[] = [
    {
      id: 'engineer',
      header: 'Engineer',
      cell: ({ row: { original: engineer } }) => (
        <>
          <Name engineer={engineer} />
          <EmailText email={engineer.email} />
        </>
      ),
      meta: { className: 'max-w-72' },
    },
    {
      id: 'mobile',
      header: 'Mobile',
      cell: ({ row: { original: engineer } }) => <Phone phone={engineer.phone} />,
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: engineer } }) => <Status engineer={engineer} />,
    },
    {
      id: 'visits',
      header: 'Visits',
      cell: ({ row: { original: engineer } }) => <Visits engineer={engineer} />,
    },
    {
      id: 'actions',
      header: hiddenHeading('Actions'),
      cell: ({ row: { original: engineer } }) => (
        <EngineerActions engineer={engineer} onEdit={() => onEdit(engineer)} />
      ),
    },
  ];
  return (
    <DataTable
      data={[...engineers]}
      columns={columns}
      getRowId={(engineer) => engineer.id}
      tableLabel="Engineers"
      cards={{
        label: 'Engineers',
        render: (engineer) => (
          <ListCard className="grid-cols-[minmax(0,1fr)] gap-2">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <Name engineer={engineer} />
                <EmailText email={engineer.email} />
              </div>
              <Status engineer={engineer} />
            </div>
            <div className="text-sm">
              <Phone phone={engineer.phone} />
            </div>
            <Visits engineer={engineer} />
            <EngineerActions engineer={engineer} onEdit={() => onEdit(engineer)} />
          </ListCard>
        ),
      }}
    />
  );
}
