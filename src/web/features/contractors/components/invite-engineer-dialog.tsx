import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { inviteUserRequestSchema } from '@shared/users/users.contracts';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { useInviteEngineer } from '@web/api/users/invite-user';
import { showServerError } from '@web/lib/show-server-error';

type Values = { firstName: string; lastName: string; email: string; phone: string };
// The fields of POST /api/users an engineer's invitation fills in, with the server's messages.
const resolver = zodResolver(
  inviteUserRequestSchema.pick({ firstName: true, lastName: true, email: true, phone: true }),
  undefined,
  { raw: true },
) as unknown as Resolver<Values>;

/** An engineer is a user account of the company: invite them to set a password. */
export function InviteEngineerDialog({
  contractorId,
  contractorName,
  open,
  onOpenChange,
}: {
  contractorId: string;
  contractorName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const invite = useInviteEngineer(contractorId);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver,
    defaultValues: { firstName: '', lastName: '', email: '', phone: '' },
  });

  const handleInvite = handleSubmit(async (values) => {
    try {
      await invite.mutateAsync({
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        phone: values.phone.trim() || null,
        companyName: contractorName,
      });
      toast({
        title: 'Engineer invited',
        description: `An invitation was sent to ${values.email}.`,
      });
      reset();
      onOpenChange(false);
    } catch (error) {
      showServerError(error, {
        title: 'Could not invite the engineer',
        setError,
        fields: ['firstName', 'lastName', 'email', 'phone'],
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={handleInvite} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Invite an engineer</DialogTitle>
            <DialogDescription>
              They join {contractorName} and get an email to set their password.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First name" error={errors.firstName?.message}>
              {(field) => <Input {...field} {...register('firstName')} />}
            </FormField>
            <FormField label="Last name" error={errors.lastName?.message}>
              {(field) => <Input {...field} {...register('lastName')} />}
            </FormField>
            <FormField label="Email" error={errors.email?.message}>
              {(field) => <Input {...field} type="email" {...register('email')} />}
            </FormField>
            <FormField label="Mobile phone" error={errors.phone?.message}>
              {(field) => <Input {...field} type="tel" {...register('phone')} />}
            </FormField>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Back
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              Send invitation
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
