import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  useReactTable,
} from '@tanstack/react-table';
import { formatDistanceToNow } from 'date-fns';
import { Search, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatUkPhone } from '@shared/phone';
import { roles, type Role } from '@shared/roles';
import { userStatuses, type UserStatus, type UserSummary } from '@shared/users/users.contracts';
import { Badge } from '@web/components/ui/badge';
import { Pagination } from '@web/components/ui/pagination';
import { EmptyState } from '@web/components/ui/empty-state';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';
import { errorMessage } from '@web/lib/api-client';
import { useContractors } from '@web/api/contractors/list-contractors';
import { useUsers } from '@web/api/users/list-users';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { roleLabels, statusLabels } from '../lib/labels';
import { UserActions } from './UserActions';
import { statusTones } from '@shared/status-tones';
import { StatusBadge } from '@web/components/status-badge';
import { EmailText, ListCard, ResponsiveList } from '@web/components/responsive-list';

const pageSize = 25;

const column = createColumnHelper<UserSummary>();

/** The /users list: search, filters by role and status, pages, and the row actions. */
export function UsersTable({ onEdit }: { onEdit: (user: UserSummary) => void }) {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [status, setStatus] = useState<UserStatus | ''>('');
  const [contractorId, setContractorId] = useState('');
  const contractors = useContractors();
  const [page, setPage] = useState(1);
  const debouncedSearch = useDebouncedValue(search.trim(), 300);

  const users = useUsers({
    search: debouncedSearch || undefined,
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
              <StatusBadge tone={statusTones.user[user.status]}>
                {statusLabels[user.status]}
              </StatusBadge>
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
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row: { original: user } }) => (
          <UserActions user={user} onEdit={() => onEdit(user)} />
        ),
      }),
    ],
    [onEdit, contractorNames],
  );

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table is not memoizable; React Compiler skips this component, which is fine.
  const table = useReactTable({
    data: users.data?.users ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (user) => user.id,
    manualPagination: true,
    manualFiltering: true,
  });

  const total = users.data?.total ?? 0;
  const filtered = Boolean(debouncedSearch || role || status || contractorId);

  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_11rem_10rem_13rem]">
        <div className="grid gap-1.5">
          <Label htmlFor="users-search">Search</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            />
            <Input
              id="users-search"
              type="search"
              className="pl-9"
              placeholder="Name, email or phone"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="users-role">Role</Label>
          <Select
            id="users-role"
            value={role}
            onChange={(event) => {
              setRole(event.target.value as Role | '');
              setPage(1);
            }}
          >
            <option value="">All roles</option>
            {roles.map((value) => (
              <option key={value} value={value}>
                {roleLabels[value]}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="users-status">Status</Label>
          <Select
            id="users-status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as UserStatus | '');
              setPage(1);
            }}
          >
            <option value="">All statuses</option>
            {userStatuses.map((value) => (
              <option key={value} value={value}>
                {statusLabels[value]}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="users-contractor">Contractor</Label>
          <Select
            id="users-contractor"
            value={contractorId}
            onChange={(event) => {
              setContractorId(event.target.value);
              setPage(1);
            }}
          >
            <option value="">All companies</option>
            {contractors.data?.items.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </Select>
        </div>
      </div>

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
          <ResponsiveList
            label="Users"
            cards={(users.data?.users ?? []).map((user) => {
              const locked = user.lockedUntil !== null && new Date(user.lockedUntil) > new Date();
              const company =
                user.companyName ??
                (user.contractorId ? contractorNames.get(user.contractorId) : undefined);
              return (
                <ListCard key={user.id}>
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
                    <StatusBadge tone={statusTones.user[user.status]}>
                      {statusLabels[user.status]}
                    </StatusBadge>
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
            })}
            table={
              <Table aria-label="Users">
                <TableHeader>
                  {table.getHeaderGroups().map((group) => (
                    <TableRow key={group.id}>
                      {group.headers.map((header) => (
                        <TableHead key={header.id}>
                          {flexRender(header.column.columnDef.header, header.getContext())}
                        </TableHead>
                      ))}
                    </TableRow>
                  ))}
                </TableHeader>
                <TableBody>
                  {table.getRowModel().rows.map((row) => (
                    <TableRow key={row.id}>
                      {row.getVisibleCells().map((cell) => (
                        <TableCell key={cell.id}>
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            }
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
