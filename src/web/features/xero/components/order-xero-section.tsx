import { xeroDocumentWords } from '@shared/xero/xero.contracts';
import { useOrderXeroDocuments } from '@web/api/xero/order-documents';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { formatPence } from '@web/lib/money';
import { DocumentStatus } from './sync-log';

/** On the order: its invoice, bill and credit note in Xero (number and Xero's id), if any. */
export function OrderXeroSection({ orderId }: { orderId: string }) {
  const documents = useOrderXeroDocuments(orderId);
  if (!documents.data || documents.data.items.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">Xero</h2>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm">
          {documents.data.items.map((document) => (
            <li key={document.id} className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{xeroDocumentWords[document.kind]}</span>
              <span>{formatPence(document.amountPence)}</span>
              <DocumentStatus document={document} />
              {document.xeroNumber && <span>Number {document.xeroNumber}</span>}
              {document.xeroId && (
                <span className="text-xs break-all text-slate-600">Xero id {document.xeroId}</span>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
