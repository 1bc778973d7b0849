import { useState } from 'react';
import { useLocation } from 'wouter';
import {
  digestFrequencies,
  digestFrequencyLabels,
  type DigestFrequency,
  type Notification,
} from '@shared/notifications/notifications.contracts';
import { useNotifications } from '@web/api/notifications/list-notifications';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '@web/api/notifications/mark-read';
import {
  useNotificationSettings,
  useSaveNotificationSettings,
} from '@web/api/notifications/notification-settings';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { NotificationList } from './notification-list';

/**
 * /notifications (issue 25, decision 080): every notification of the signed-in person, and
 * their own email digest setting. The bell in the top bar links here.
 */
export default function NotificationsPage() {
  const list = useNotifications({ live: false });
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const [, navigate] = useLocation();
  const unread = list.data?.unreadCount ?? 0;

  const handleOpen = (n: Notification) => {
    if (!n.readAt) markRead.mutate(n.id);
    navigate(n.link);
  };

  return (
    <PageLayout width="narrow">
      <PageHeader
        title="Notifications"
        description="What needs you: offers, visits, failures and mentions."
        actions={
          unread > 0 ? (
            <Button variant="outline" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
              Mark all read
            </Button>
          ) : undefined
        }
      />
      <DigestSetting />
      <Card>
        <CardHeader>
          <h2 className="text-base font-semibold">
            {unread > 0 ? `${unread} unread` : 'All read'}
          </h2>
        </CardHeader>
        <CardContent className="px-0">
          {list.isError ? (
            <p className="px-4 text-sm text-red-700">
              {errorMessage(list.error, 'The notifications could not be loaded.')}
            </p>
          ) : list.data && list.data.notifications.length === 0 ? (
            <EmptyState title="No notifications yet">
              Offers, visits, failures and mentions will appear here.
            </EmptyState>
          ) : (
            <NotificationList
              notifications={list.data?.notifications ?? []}
              onOpen={handleOpen}
              onMarkRead={(n) => markRead.mutate(n.id)}
            />
          )}
        </CardContent>
      </Card>
    </PageLayout>
  );
}

function DigestSetting() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  // The choice shows at once; a refused save puts the saved one back.
  const [chosen, setChosen] = useState<DigestFrequency | null>(null);
  const current = chosen ?? settings.data?.emailDigest;

  const choose = (emailDigest: DigestFrequency) => {
    setChosen(emailDigest);
    save.mutate(
      { emailDigest },
      {
        onSuccess: () =>
          toast({
            title: 'Email digest saved',
            description:
              emailDigest === 'off'
                ? 'You will not get digest emails.'
                : `${digestFrequencyLabels[emailDigest]}, when you have unread notifications.`,
          }),
        onError: (error) => {
          setChosen(null);
          toast({
            title: 'Error',
            description: errorMessage(error, 'The setting could not be saved'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <h2 id="digest-heading" className="text-base font-semibold">
          Email digest
        </h2>
      </CardHeader>
      <CardContent>
        <p className="mb-3 text-sm text-slate-600">
          An email listing your unread notifications, only when there are some. Your own setting.
        </p>
        <div role="radiogroup" aria-labelledby="digest-heading" className="flex flex-wrap gap-4">
          {digestFrequencies.map((frequency) => (
            <label key={frequency} className="flex min-h-6 items-center gap-2 text-sm">
              <input
                type="radio"
                name="email-digest"
                value={frequency}
                checked={current === frequency}
                disabled={!settings.data}
                onChange={() => choose(frequency)}
                className="size-4 accent-brand-600"
              />
              {digestFrequencyLabels[frequency]}
            </label>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
