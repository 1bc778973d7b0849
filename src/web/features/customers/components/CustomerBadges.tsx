import type { CustomerValidationStatus } from '@shared/orders/order-status';
import { Badge } from '@web/components/ui/badge';

export const validationLabels: Record<CustomerValidationStatus, string> = {
  unvalidated: 'Not validated',
  validated: 'Validated',
  rejected: 'Rejected',
};

export function ValidationBadge({ status }: { status: CustomerValidationStatus }) {
  return (
    <Badge
      variant={
        status === 'validated' ? 'success' : status === 'rejected' ? 'destructive' : 'secondary'
      }
    >
      {validationLabels[status]}
    </Badge>
  );
}
