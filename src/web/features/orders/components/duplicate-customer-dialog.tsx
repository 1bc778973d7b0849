import type { DuplicateMatch } from '@shared/customers/customers.contracts';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';

const matchedOnLabels = {
  email: 'same email',
  phone: 'same phone',
  name_postcode: 'same name and postcode',
} as const;

/** Before creating: this looks like an existing customer. Use one, or create a new one anyway. */
export function DuplicateCustomerDialog({
  matches,
  open,
  busy,
  onUseExisting,
  onCreateNew,
  onOpenChange,
}: {
  matches: DuplicateMatch[];
  open: boolean;
  busy: boolean;
  onUseExisting: (customerId: string) => void;
  onCreateNew: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>This customer may already exist</DialogTitle>
          <DialogDescription>
            Use the existing customer for this order, or create a new customer anyway.
          </DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2" aria-label="Possible matches">
          {matches.map(({ customer: c, matchedOn }) => (
            <li
              key={c.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3"
            >
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900">
                  {c.firstName} {c.lastName}{' '}
                  <span className="font-normal text-slate-500">({c.reference})</span>
                </p>
                <p className="text-slate-600">
                  {[c.address.line1, c.address.town, c.address.postcode].join(', ')}
                </p>
                <p className="text-slate-600">{[c.email, c.phone].filter(Boolean).join(' · ')}</p>
                <p className="text-xs font-medium text-amber-800">
                  {matchedOn.map((m) => matchedOnLabels[m]).join(', ')}
                </p>
              </div>
              <Button size="sm" disabled={busy} onClick={() => onUseExisting(c.id)}>
                Use {c.firstName} {c.lastName}
              </Button>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
            Back to the form
          </Button>
          <Button variant="secondary" disabled={busy} onClick={onCreateNew}>
            Create a new customer
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
