import { UserPlus } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { UserSummary } from '@shared/users/users.contracts';
import { Button } from '@web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { UserFormDialog } from './user-form-dialog';
import { UsersTable } from './users-table';
import { PageLayout } from '@web/components/page-layout';

type Tab = 'users' | 'messages';

export type UsersPageProps = {
  /** The messages tab's content: the messages area draws it, the app puts it here. */
  messages?: ReactNode;
};

/** /users (back office): the team's accounts, and the messages outbox (`?tab=messages`). */
export default function UsersPage({ messages }: UsersPageProps) {
  const [location, navigate] = useLocation();
  const tab: Tab =
    new URLSearchParams(useSearch()).get('tab') === 'messages' ? 'messages' : 'users';
  const [dialog, setDialog] = useState<{ user: UserSummary | null } | null>(null);
  const handleEdit = useCallback((user: UserSummary) => setDialog({ user }), []);

  return (
    <PageLayout>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">User management</h1>
          <p className="mt-1 text-sm text-slate-600">
            Invite people, set their roles and sign-in options, and read the messages sent to them.
          </p>
        </div>
        <Button onClick={() => setDialog({ user: null })}>
          <UserPlus aria-hidden="true" />
          Invite User
        </Button>
      </div>

      <Tabs
        value={tab}
        onValueChange={(next) =>
          navigate(next === 'messages' ? `${location}?tab=messages` : location, { replace: true })
        }
      >
        <TabsList className="w-auto">
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="messages">Messages</TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          <UsersTable onEdit={handleEdit} />
        </TabsContent>
        <TabsContent value="messages">{messages}</TabsContent>
      </Tabs>

      <UserFormDialog
        user={dialog?.user ?? null}
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
      />
    </PageLayout>
  );
}
