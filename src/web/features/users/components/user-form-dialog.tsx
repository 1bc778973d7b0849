import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { formatUkPhone } from '@shared/phone';
import { roles, type Role } from '@shared/roles';
import {
  inviteUserRequestSchema,
  updateUserRequestSchema,
  type InviteUserRequest,
  type UserSummary,
} from '@shared/users/users.contracts';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
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
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { toast } from '@web/components/ui/use-toast';
import { useContractors } from '@web/api/contractors/list-contractors';
import { useInviteUser } from '@web/api/users/invite-user';
import { useUpdateUser } from '@web/api/users/update-user';
import { roleLabels } from '../lib/labels';
import { splitServerError } from '../lib/server-errors';

type UserFormValues = InviteUserRequest;

const formFields = [
  'email',
  'firstName',
  'lastName',
  'role',
  'additionalRoles',
  'companyName',
  'phone',
  'contractorId',
  'twoFactorMethod',
] as const;

const emptyToNull = (value: unknown) => (value === '' ? null : value);

function defaultsFor(user: UserSummary | null): UserFormValues {
  if (!user) {
    return {
      email: '',
      firstName: '',
      lastName: '',
      role: 'engineer',
      additionalRoles: [],
      companyName: null,
      phone: '',
      contractorId: null,
      twoFactorMethod: 'none',
    };
  }
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    additionalRoles: user.additionalRoles,
    companyName: user.companyName,
    phone: user.phone ? formatUkPhone(user.phone).replace(/\s/g, '') : '',
    contractorId: user.contractorId,
    twoFactorMethod: user.twoFactorMethod,
  };
}

/**
 * Invites a user (`user` null) or edits one: names, phone, role, additional roles, contractor
 * company and two-factor method. The server's refusals land on their fields.
 */
export function UserFormDialog({
  user,
  open,
  onOpenChange,
}: {
  user: UserSummary | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        {open && (
          <UserForm key={user?.id ?? 'new'} user={user} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function UserForm({ user, onDone }: { user: UserSummary | null; onDone: () => void }) {
  const inviting = user === null;
  const invite = useInviteUser();
  const update = useUpdateUser();
  const contractors = useContractors();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<UserFormValues>({
    // Both schemas read the same fields; the edit schema makes every one optional.
    resolver: (inviting
      ? zodResolver(inviteUserRequestSchema)
      : zodResolver(updateUserRequestSchema)) as unknown as Resolver<UserFormValues>,
    defaultValues: defaultsFor(user),
  });
  const mainRole = useWatch({ control, name: 'role' });
  const pending = invite.isPending || update.isPending;

  const showServerError = (error: unknown, fallback: string) => {
    const split = splitServerError(error, formFields, fallback);
    for (const [field, message] of Object.entries(split.fields)) {
      setError(field as (typeof formFields)[number], { type: 'server', message });
    }
    setFormError(split.form);
  };

  const handleSave = handleSubmit((values) => {
    setFormError(null);
    // An additional role equal to the main role says nothing: leave it out.
    const additionalRoles = (values.additionalRoles ?? []).filter((role) => role !== values.role);
    if (inviting) {
      invite.mutate(
        { ...values, additionalRoles },
        {
          onSuccess: ({ user: created }) => {
            toast({
              title: 'Invitation Sent',
              description: `${created.firstName} ${created.lastName} will get an email to set a password.`,
            });
            onDone();
          },
          onError: (error) => showServerError(error, 'Could not invite the user'),
        },
      );
      return;
    }
    const { email: _email, ...changes } = values;
    update.mutate(
      { id: user.id, changes: { ...changes, additionalRoles } },
      {
        onSuccess: ({ user: saved }) => {
          toast({ title: 'User Updated', description: `${saved.firstName} ${saved.lastName}` });
          onDone();
        },
        onError: (error) => showServerError(error, 'Could not save the changes'),
      },
    );
  });

  const roleOptions: readonly Role[] = roles;
  return (
    <form noValidate onSubmit={handleSave} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{inviting ? 'Invite user' : 'Edit user'}</DialogTitle>
        <DialogDescription>
          {inviting
            ? 'They will get an email with a link to set their password (valid for 7 days).'
            : `${user.email}`}
        </DialogDescription>
      </DialogHeader>

      {formError && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {formError}
        </p>
      )}

      {inviting && (
        <FormField label="Email" error={errors.email?.message}>
          {(field) => <Input {...field} type="email" autoComplete="off" {...register('email')} />}
        </FormField>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First Name" error={errors.firstName?.message}>
          {(field) => <Input {...field} autoComplete="off" {...register('firstName')} />}
        </FormField>
        <FormField label="Last Name" error={errors.lastName?.message}>
          {(field) => <Input {...field} autoComplete="off" {...register('lastName')} />}
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Role" error={errors.role?.message}>
          {(field) => (
            <Select {...field} {...register('role')}>
              {roleOptions.map((role) => (
                <option key={role} value={role}>
                  {roleLabels[role]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Two-Factor Authentication" error={errors.twoFactorMethod?.message}>
          {(field) => (
            <Select {...field} {...register('twoFactorMethod')}>
              <option value="none">None</option>
              <option value="email">Email code</option>
            </Select>
          )}
        </FormField>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Additional Roles</legend>
        <Controller
          control={control}
          name="additionalRoles"
          render={({ field }) => (
            <div className="flex flex-wrap gap-4">
              {(['back_office', 'contractor', 'engineer'] as const)
                .filter((role) => role !== mainRole)
                .map((role) => {
                  const id = `additional-role-${role}`;
                  const checked = (field.value ?? []).includes(role);
                  return (
                    <div key={role} className="flex items-center gap-2">
                      <Checkbox
                        id={id}
                        checked={checked}
                        onCheckedChange={(on) =>
                          field.onChange(
                            on === true
                              ? [...(field.value ?? []), role]
                              : (field.value ?? []).filter((r) => r !== role),
                          )
                        }
                      />
                      <Label htmlFor={id}>{roleLabels[role]}</Label>
                    </div>
                  );
                })}
            </div>
          )}
        />
        <p className="text-xs text-slate-500">
          A contractor who also installs needs Field Engineer here (the dual role).
        </p>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Mobile Phone"
          error={errors.phone?.message}
          description="UK mobile, used for SMS sign-in."
        >
          {(field) => (
            <Input {...field} type="tel" placeholder="07123456789" {...register('phone')} />
          )}
        </FormField>
        <FormField label="Company" error={errors.companyName?.message}>
          {(field) => (
            <Input {...field} {...register('companyName', { setValueAs: emptyToNull })} />
          )}
        </FormField>
      </div>
      <FormField
        label="Contractor Company"
        error={errors.contractorId?.message}
        description={
          contractors.isError ? 'The list of contractor companies could not be loaded.' : undefined
        }
      >
        {(field) => (
          <Select {...field} {...register('contractorId', { setValueAs: emptyToNull })}>
            <option value="">None</option>
            {contractors.data?.items.map((contractor) => (
              <option key={contractor.id} value={contractor.id}>
                {contractor.name}
              </option>
            ))}
            {/* Keep the current link selectable even before the list arrives. */}
            {user?.contractorId &&
              !contractors.data?.items.some((c) => c.id === user.contractorId) && (
                <option value={user.contractorId}>{user.companyName ?? 'Current company'}</option>
              )}
          </Select>
        )}
      </FormField>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : inviting ? 'Send Invitation' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
