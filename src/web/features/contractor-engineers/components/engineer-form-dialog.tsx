import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import {
  inviteEngineerRequest,
  updateEngineerRequest,
  type ContractorEngineer,
} from '@shared/contractor-engineers/contractor-engineers.contracts';
import { formatUkPhone } from '@shared/phone';
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
import { useInviteContractorEngineer } from '@web/api/contractor-engineers/invite-contractor-engineer';
import { useUpdateContractorEngineer } from '@web/api/contractor-engineers/update-contractor-engineer';
import { showServerError } from '@web/lib/show-server-error';

type Values = { email: string; firstName: string; lastName: string; phone: string };
const fields = ['email', 'firstName', 'lastName', 'phone'] as const;

function defaultsFor(engineer: ContractorEngineer | null): Values {
  return {
    email: engineer?.email ?? '',
    firstName: engineer?.firstName ?? '',
    lastName: engineer?.lastName ?? '',
    phone: engineer?.phone ? formatUkPhone(engineer.phone).replace(/\s/g, '') : '',
  };
}

/**
 * Invites an engineer of the company (`engineer` null) or edits one: names and the mobile for
 * SMS sign-in. The same fields and messages as /users; the server places its refusals here.
 */
export function EngineerFormDialog({
  engineer,
  companyName,
  open,
  onOpenChange,
}: {
  engineer: ContractorEngineer | null;
  companyName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        {open && (
          <EngineerForm
            key={engineer?.id ?? 'new'}
            engineer={engineer}
            companyName={companyName}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function EngineerForm({
  engineer,
  companyName,
  onDone,
}: {
  engineer: ContractorEngineer | null;
  companyName: string;
  onDone: () => void;
}) {
  const inviting = engineer === null;
  const invite = useInviteContractorEngineer();
  const update = useUpdateContractorEngineer();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: (inviting
      ? zodResolver(inviteEngineerRequest)
      : zodResolver(
          updateEngineerRequest.extend({ email: inviteEngineerRequest.shape.email.optional() }),
        )) as unknown as Resolver<Values>,
    defaultValues: defaultsFor(engineer),
  });

  const handleSave = handleSubmit(async (values) => {
    const phone = values.phone.trim() || null;
    try {
      if (inviting) {
        const { engineer: created } = await invite.mutateAsync({ ...values, phone });
        toast({
          title: 'Invitation sent',
          description: `${created.firstName} ${created.lastName} will get an email at ${created.email} to set a password.`,
        });
      } else {
        const { email: _email, ...changes } = values;
        const { engineer: saved } = await update.mutateAsync({
          id: engineer.id,
          changes: { ...changes, phone },
        });
        toast({ title: 'Engineer updated', description: `${saved.firstName} ${saved.lastName}` });
      }
      onDone();
    } catch (error) {
      showServerError(error, {
        title: inviting ? 'Could not invite the engineer' : 'Could not save the changes',
        setError,
        fields,
      });
    }
  });

  return (
    <form noValidate onSubmit={handleSave} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{inviting ? 'Invite an engineer' : 'Edit engineer'}</DialogTitle>
        <DialogDescription>
          {inviting
            ? `They join ${companyName} as a Field Engineer and get an email with a link to set their password (valid for 7 days).`
            : engineer.email}
        </DialogDescription>
      </DialogHeader>
      {inviting && (
        <FormField label="Email" error={errors.email?.message} required>
          {(field) => <Input {...field} type="email" autoComplete="off" {...register('email')} />}
        </FormField>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" error={errors.firstName?.message} required>
          {(field) => <Input {...field} autoComplete="off" {...register('firstName')} />}
        </FormField>
        <FormField label="Last name" error={errors.lastName?.message} required>
          {(field) => <Input {...field} autoComplete="off" {...register('lastName')} />}
        </FormField>
      </div>
      <FormField
        label="Mobile phone"
        error={errors.phone?.message}
        description="UK mobile, used to sign in with a text message code."
      >
        {(field) => (
          <Input
            {...field}
            type="tel"
            inputMode="tel"
            placeholder="07123456789"
            {...register('phone')}
          />
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : inviting ? 'Send invitation' : 'Save changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
