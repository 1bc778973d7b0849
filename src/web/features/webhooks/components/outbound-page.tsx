import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { WebhookEndpoint } from '@shared/webhooks/webhooks.contracts';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { Button } from '@web/components/ui/button';
import { DeliveriesList } from './deliveries-list';
import { EndpointFormDialog } from './endpoint-form-dialog';
import { EndpointsList } from './endpoints-list';
import { SecretDialog } from './secret-dialog';

/** /api/outbound (back office): partners' webhook endpoints and every delivery to them. */
export default function OutboundPage() {
  const [form, setForm] = useState<{ endpoint: WebhookEndpoint | null } | null>(null);
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);

  return (
    <PageLayout>
      <PageHeader
        title="Outbound API"
        description="Order events posted to partners' URLs, signed, and retried for three days when they fail."
        actions={
          <Button onClick={() => setForm({ endpoint: null })}>
            <Plus aria-hidden="true" />
            Add endpoint
          </Button>
        }
      />
      <section className="grid min-w-0 gap-3" aria-labelledby="endpoints-heading">
        <h2 id="endpoints-heading" className="text-lg font-semibold text-slate-900">
          Endpoints
        </h2>
        <EndpointsList
          onEdit={(endpoint) => setForm({ endpoint })}
          onSecret={(value) => setSecret({ value, rotated: true })}
        />
      </section>
      <section className="grid min-w-0 gap-3" aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading" className="text-lg font-semibold text-slate-900">
          Deliveries
        </h2>
        <DeliveriesList />
      </section>
      <EndpointFormDialog
        endpoint={form?.endpoint ?? null}
        open={form !== null}
        onOpenChange={(open) => !open && setForm(null)}
        onCreated={(value) => setSecret({ value, rotated: false })}
      />
      <SecretDialog
        secret={secret?.value ?? null}
        rotated={secret?.rotated ?? false}
        onClose={() => setSecret(null)}
      />
    </PageLayout>
  );
}
