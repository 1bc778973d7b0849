import { MessagesOutbox } from '@web/features/messages/components/messages-outbox';
import UsersPage from '@web/features/users/components/users-page';

/** /users: the users area's page with the messages area's outbox in its Messages tab. */
export default function UsersRoute() {
  return <UsersPage messages={<MessagesOutbox />} />;
}
