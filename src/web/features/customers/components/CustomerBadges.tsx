import type { CustomerValidationStatus } from '@shared/orders/order-status';
import { statusTones } from '@shared/status-tones';
import { StatusBadge } from '@web/components/status-badge';

export const validationLabels: Record<CustomerValidationStatus, string> = {
  unvalidated: 'Not validated',
  validated: 'Validated',
  rejected: 'Rejected',
};

export function ValidationBadge({ status }: { status: CustomerValidationStatus }) {
  return <StatusBadge tone={statusTones.customer[status]}>{validationLabels[status]}</StatusBadge>;
}
