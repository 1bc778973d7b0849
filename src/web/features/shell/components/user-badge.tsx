import { UserRound } from 'lucide-react';
import type { CurrentUser } from '@shared/auth/current-user';
import { topBarRoleLabels } from '@shared/role-routing';
import { cn } from '@web/lib/cn';

export function Avatar({ user, className }: { user: CurrentUser; className?: string }) {
  return user.profileImageUrl ? (
    <img
      src={user.profileImageUrl}
      alt=""
      className={cn('size-8 shrink-0 rounded-full object-cover', className)}
      data-testid="profile-image"
    />
  ) : (
    <span
      aria-hidden="true"
      data-testid="profile-placeholder"
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700',
        className,
      )}
    >
      <UserRound className="size-4" />
    </span>
  );
}

/** spec §2: the role label with the user's first and last name. */
export function UserBadge({ user }: { user: CurrentUser }) {
  return (
    <div className="flex min-w-0 items-center gap-2" data-testid="user-badge">
      <Avatar user={user} />
      <div className="min-w-0 leading-tight">
        <p className="truncate text-xs text-slate-500">{topBarRoleLabels[user.role]}</p>
        <p className="truncate text-sm font-medium text-slate-900">
          {user.firstName} {user.lastName}
        </p>
      </div>
    </div>
  );
}
