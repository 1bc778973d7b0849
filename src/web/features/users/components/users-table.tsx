import { createColumnHelper } from '@tanstack/react-table';
import { formatDistanceToNow } from 'date-fns';
import { Users } from 'lucide-react';
import { useMemo } from 'react';
import { useListFilters } from '@web/lib/use-list-filters';
import { formatUkPhone } from '@shared/phone';
import { roles, type Role } from '@shared/roles';
import { userStatuses, type UserStatus, type UserSummary } from '@shared/users/users.contracts';
import { Badge } from '@web/components/ui/badge';
import { Pagination } from '@web/components/ui/pagination';
import { EmptyState } from '@web/components/ui/empty-state';
import { FilterBar, namedOptions, optionsOf } from '@web/components/filter-bar';
import { Skeleton } from '@web/components/ui/skeleton';
import { DataTable, hiddenHeading } from '@web/components/data-table';
import { errorMessage } from '@web/lib/api-client';
import { useContractors } from '@web/api/contractors/list-contractors';
import { useUsers } from '@web/api/users/list-users';
import { roleLabels } from '../lib/labels';
import { statusLabels } from '@shared/status-words';
import { UserActions } from './user-actions';
import { StatusBadge } from '@web/components/status-badge';
import { EmailText, ListCard } from '@web/components/responsive-list';

const pageSize = 25;

const column = createColumnHelper<UserSummary>();

/** The /users list: search, filters by role and status, pages, and the row actions. */
export function UsersTable({ onEdit }: { onEdit: (user: UserSummary) => void }) {
  const { filters, set, setPage, field } = useListFilters({
    search: '',
    role: '' as Role | '',
    status: '' as UserStatus | '',
    contractorId: '',
  });
  const { search, role, status, contractorId, page } = filters;
  const contractors = useContractors();

  const users = useUsers({
    search: search || undefined,
    role: role || undefined,
    status: status || undefined,
    contractorId: contractorId || undefined,
    page,
    pageSize,
  });

  const contractorNames = useMemo(
    () => new Map((contractors.data?.items ?? []).map((item) => [item.id, item.name])),
    [contractors.data],
  );

  const columns = useMemo(
    () => [
      column.display({
        id: 'name',
        header: 'Name',
        cell: ({ row: { original: user } }) => (
          <div className="max-w-64 min-w-40">
            <div className="font-medium whitespace-nowrap text-slate-900">
              {user.firstName} {user.lastName}
            </div>
            <EmailText email={user.email} />
          </div>
        ),
      }),
      column.display({
        id: 'role',
        header: 'Role',
        cell: ({ row: { original: user } }) => (
          <div className="flex flex-wrap gap-1">
            <Badge>{roleLabels[user.role]}</Badge>
            {user.additionalRoles.map((extra) => (
              <Badge key={extra} variant="outline">
                + {roleLabels[extra]}
              </Badge>
            ))}
          </div>
        ),
      }),
      column.display({
        id: 'company',
        header: 'Company',
        cell: ({ row: { original: user } }) =>
          user.companyName ??
          (user.contractorId ? contractorNames.get(user.contractorId) : undefined) ??
          '—',
      }),
      column.display({
        id: 'phone',
        header: 'Mobile',
        cell: ({ row: { original: user } }) =>
          user.phone ? <span className="whitespace-nowrap">{formatUkPhone(user.phone)}</span> : '—',
      }),
      column.display({
        id: 'status',
        header: 'Status',
        cell: ({ row: { original: user } }) => {
          const locked = user.lockedUntil !== null && new Date(user.lockedUntil) > new Date();
          return (
            <div className="flex flex-wrap gap-1">
              <StatusBadge kind="user" status={user.status} />
              {locked && <Badge variant="destructive">Locked</Badge>}
              {user.twoFactorMethod === 'email' && <Badge variant="secondary">2FA email</Badge>}
            </div>
          );
        },
      }),
      column.display({
        id: 'lastLogin',
        header: 'Last Sign-In',
        cell: ({ row: { original: user } }) =>
          user.lastLoginAt ? (
            <time
              dateTime={user.lastLoginAt}
              title={new Date(user.lastLoginAt).toLocaleString('en-GB')}
            >
              {formatDistanceToNow(new Date(user.lastLoginAt), { addSuffix: true })}
            </time>
          ) : (
            'Never'
          ),
      }),
      column.display({
        id: 'actions',
        header: hiddenHeading('Actions'),
        cell: ({ row: { original: user } }) => (
          <UserActions user={user} onEdit={() => onEdit(user)} />
        ),
      }),
    ],
    [onEdit, contractorNames],
  );

  const total = users.data?.total ?? 0;
  const filtered = Boolean(search || role || status || contractorId);

  return (
    <div className="grid gap-4">
      <FilterBar
        className="sm:grid-cols-2 lg:grid-cols-[1fr_11rem_10rem_13rem]"
        filters={[
          {
            kind: 'search',
            label: 'Search',
            placeholder: 'Name, email or phone',
            value: search,
            onSearch: (text) => set('search')(text.trim()),
          },
          {
            kind: 'select',
            label: 'Role',
            allLabel: 'All roles',
            options: optionsOf(roles, roleLabels),
            ...field('role'),
          },
          {
            kind: 'select',
            label: 'Status',
            allLabel: 'All statuses',
            options: optionsOf(userStatuses, statusLabels.user),
            ...field('status'),
          },
          {
            kind: 'select',
            label: 'Contractor',
            allLabel: 'All companies',
            options: namedOptions(contractors.data?.items),
            ...field('contractorId'),
          },
        ]}
      />

      {users.isError ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          The users could not be loaded: {errorMessage(users.error, users.error.message)}
        </p>
      ) : users.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-12" />
          ))}
        </div>
      ) : total === 0 ? (
        <EmptyState icon={Users} title={filtered ? 'No users match' : 'No users yet'}>
          {filtered
            ? 'Try another search or clear the filters.'
            : 'Invite the first member of the team.'}
        </EmptyState>
      ) : (
        <>
          <DataTable
            data={users.data?.users ?? []}
            columns={columns}
            getRowId={(user) => user.id}
            tableLabel="Users"
            cards={{
              label: 'Users',
              render: (user) => {
                const locked = user.lockedUntil !== null && new Date(user.lockedUntil) > new Date();
                const company =
                  user.companyName ??
                  (user.contractorId ? contractorNames.get(user.contractorId) : undefined);
                return (
                  <ListCard>
                    <div className="flex items-start justify-between gap-2">
                      <div className="min-w-0">
                        <p className="font-medium text-slate-900">
                          {user.firstName} {user.lastName}
                        </p>
                        <EmailText email={user.email} />
                      </div>
                      <UserActions user={user} onEdit={() => onEdit(user)} />
                    </div>
                    <div className="flex flex-wrap gap-1">
                      <StatusBadge kind="user" status={user.status} />
                      {locked && <Badge variant="destructive">Locked</Badge>}
                      <Badge>{roleLabels[user.role]}</Badge>
                      {user.additionalRoles.map((extra) => (
                        <Badge key={extra} variant="outline">
                          + {roleLabels[extra]}
                        </Badge>
                      ))}
                      {user.twoFactorMethod === 'email' && (
                        <Badge variant="secondary">2FA email</Badge>
                      )}
                    </div>
                    <p className="text-xs text-slate-500">
                      {[company, user.phone ? formatUkPhone(user.phone) : undefined]
                        .filter(Boolean)
                        .join(' · ') || 'No company or mobile'}
                      {' · '}
                      {user.lastLoginAt
                        ? `Signed in ${formatDistanceToNow(new Date(user.lastLoginAt), { addSuffix: true })}`
                        : 'Never signed in'}
                    </p>
                  </ListCard>
                );
              },
            }}
          />
          <Pagination
            label="User list pages"
            page={page}
            pageSize={pageSize}
            total={total}
            onPageChange={setPage}
            summary={`${total} ${total === 1 ? 'user' : 'users'}${users.isFetching ? ' · updating…' : ''}`}
          />
        </>
      )}
    </div>
  );
}
