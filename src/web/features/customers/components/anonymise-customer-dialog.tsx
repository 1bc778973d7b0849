import { useState } from 'react';
import type { CustomerDetail } from '@shared/customers/customers.contracts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { useAnonymiseCustomer } from '@web/api/customers/anonymise-customer';
import { errorMessage } from '@web/lib/api-client';

/**
 * Asks before anonymising a customer (issue 21): it cannot be undone. The server refuses while
 * an order is open; its message is shown here, in the dialog.
 */
export function AnonymiseCustomerDialog({
  customer,
  open,
  onOpenChange,
}: {
  customer: CustomerDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const anonymise = useAnonymiseCustomer(customer.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const name = `${customer.firstName} ${customer.lastName}`;

  const close = (next: boolean) => {
    if (!next) setRefusal(null);
    onOpenChange(next);
  };

  const handleConfirm = () =>
    anonymise.mutate(undefined, {
      onSuccess: (result) => {
        const files = result.filesRemoved === 1 ? '1 file' : `${result.filesRemoved} files`;
        toast({
          title: 'Customer anonymised',
          description: `${customer.reference}: personal details replaced, ${files} removed, links and sessions ended.`,
        });
        close(false);
      },
      onError: (error) =>
        setRefusal(errorMessage(error, 'The customer could not be anonymised; try again.')),
    });

  return (
    <AlertDialog open={open} onOpenChange={close}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Anonymise {name}?</AlertDialogTitle>
          <AlertDialogDescription>
            Their name, email, phone and address are replaced (the postcode keeps its first part),
            their photos and signatures are deleted, and their links and sessions end. Orders and
            their history stay for the reports. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {refusal && (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          >
            {refusal}
          </p>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Button variant="destructive" disabled={anonymise.isPending} onClick={handleConfirm}>
            {anonymise.isPending ? 'Anonymising…' : 'Anonymise customer'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
