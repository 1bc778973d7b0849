import type { ComponentProps, ReactNode } from 'react';
import { statusTones, type StatusTone } from '@shared/status-tones';
import { statusLabels } from '@shared/status-words';
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

export type StatusKind = keyof typeof statusTones;

/** What a screen reader hears before a badge's word where the word alone is ambiguous. */
const spokenPrefix: Partial<Record<StatusKind, string>> = { kit: 'Kit: ', sla: 'SLA: ' };

type BadgeProps = Omit<ComponentProps<typeof Badge>, 'variant' | 'children'>;

/** A status of a known kind: its tone and its label come from the kind's maps. */
type KindProps = {
  [Kind in StatusKind]: {
    kind: Kind;
    status: keyof (typeof statusTones)[Kind];
    /** Other words than the kind's label (the tone stays the status's). */
    children?: ReactNode;
    tone?: never;
  };
}[StatusKind];

/** A one-off status (an HTTP code, a block's source) in one of the tones. */
type ToneProps = { tone: StatusTone; children: ReactNode; kind?: never; status?: never };

/**
 * A status in its one colour and its one word, wherever it is shown:
 * `<StatusBadge kind="order" status={order.status} />`.
 */
export function StatusBadge(props: BadgeProps & (KindProps | ToneProps)) {
  const { kind, status, tone: ownTone, children, ...rest } = props;
  if (kind === undefined) {
    return (
      <Badge variant={toneVariants[ownTone]} data-tone={ownTone} {...rest}>
        {children}
      </Badge>
    );
  }
  const key = status as string;
  const tone = (statusTones[kind] as Record<string, StatusTone>)[key]!;
  const label = (statusLabels[kind] as Record<string, string>)[key];
  const prefix = spokenPrefix[kind];
  return (
    <Badge variant={toneVariants[tone]} data-tone={tone} {...rest}>
      {children ?? (
        <>
          {prefix && <span className="sr-only">{prefix}</span>}
          {label}
        </>
      )}
    </Badge>
  );
}
