import type { ComponentProps } from 'react';
import type { StatusTone } from '@shared/status-tones';
import { Badge } from './ui/badge';

/** The badge palette for each tone of src/shared/status-tones.ts (decision 024). */
export const toneVariants = {
  neutral: 'secondary',
  info: 'default',
  warning: 'warning',
  danger: 'destructive',
  success: 'success',
  muted: 'outline',
} as const satisfies Record<
  StatusTone,
  'secondary' | 'default' | 'warning' | 'destructive' | 'success' | 'outline'
>;

/** A status in its one colour, wherever it is shown. */
export function StatusBadge({
  tone,
  ...props
}: Omit<ComponentProps<typeof Badge>, 'variant'> & { tone: StatusTone }) {
  return <Badge variant={toneVariants[tone]} data-tone={tone} {...props} />;
}
