import type { Message } from '@shared/messages/messages.contracts';
import { messageKindWords } from '@shared/status-words';
import { useMessages } from '@web/api/messages/list-messages';
import { useResendMessage } from '@web/api/messages/resend-message';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { errorMessage } from '@web/lib/api-client';
import { MessageLog } from './message-log';

/**
 * The messages sent about one order (channel, message in words, status, time), each with
 * Resend: what the customer was told, found where the order is (issue 24, item 10).
 */
export function OrderMessagesSection({ orderId }: { orderId: string }) {
  const messages = useMessages({ orderId, pageSize: 50 });
  const resend = useResendMessage();
  const items = messages.data?.messages ?? [];
  const resendButton = (message: Message) => (
    <Button
      size="sm"
      variant="outline"
      disabled={resend.isPending}
      onClick={() => resend.mutate(message.id)}
      aria-label={`Resend ${messageKindWords(message.kind)} to ${message.to}`}
    >
      Resend
    </Button>
  );
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">Messages</h2>
      </CardHeader>
      <CardContent className="grid gap-3">
        {messages.error && (
          <p role="alert">{errorMessage(messages.error, 'Could not load the messages')}</p>
        )}
        {resend.error && (
          <p role="alert">{errorMessage(resend.error, 'Could not resend the message')}</p>
        )}
        {messages.data && items.length === 0 ? (
          <p className="text-sm text-slate-600">No messages have been sent about this order.</p>
        ) : (
          <MessageLog messages={items} view="log" action={resendButton} />
        )}
      </CardContent>
    </Card>
  );
}
