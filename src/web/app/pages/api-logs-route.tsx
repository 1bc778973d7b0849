import LogsPage from '@web/features/partner-api/components/logs-page';
import { DeliveriesList } from '@web/features/webhooks/components/deliveries-list';

/** /api/logs: the partner API's request log, with the webhooks area's deliveries beside it. */
export default function ApiLogsRoute() {
  return (
    <LogsPage
      renderDeliveries={(partnerId) => (
        <DeliveriesList key={partnerId ?? ''} partnerId={partnerId} />
      )}
    />
  );
}
