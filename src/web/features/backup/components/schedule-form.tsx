import { useForm } from 'react-hook-form';
import { backupScheduleSchema, type BackupSchedule } from '@shared/backup/backup.contracts';
import { useSaveBackupSchedule } from '@web/api/backup/backup-schedule';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { bodyResolver } from '@web/lib/body-resolver';
import { SaveOutcome, useFormSave } from '@web/lib/use-form-save';

type ScheduleValues = { enabled: boolean; time: string; keep: string };
const fields = ['enabled', 'time', 'keep'] as const;
const resolver = bodyResolver(backupScheduleSchema, (values: ScheduleValues) => ({
  enabled: values.enabled,
  time: values.time,
  keep: values.keep,
}));

/** The daily backup: on or off, the time (UK time) and how many backups to keep. */
export function ScheduleForm({ initial }: { initial: BackupSchedule }) {
  const mutation = useSaveBackupSchedule();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ScheduleValues, unknown, BackupSchedule>({
    resolver,
    defaultValues: { enabled: initial.enabled, time: initial.time, keep: String(initial.keep) },
  });
  const { save, saved, failure, invalid } = useFormSave(mutation, setError, fields);
  const submit = handleSubmit(save, invalid);
  return (
    <form onSubmit={submit} className="grid gap-4 md:grid-cols-2" noValidate>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-900 md:col-span-2">
        <input type="checkbox" className="size-6" {...register('enabled')} />
        Make a backup every day
      </label>
      <FormField
        label="Time (UK time)"
        description="24-hour clock, Europe/London, for example 02:30."
        error={errors.time?.message}
      >
        {(field) => <Input {...field} type="time" {...register('time')} />}
      </FormField>
      <FormField
        label="Backups to keep"
        description="After each daily backup, the oldest backups beyond this number are deleted."
        error={errors.keep?.message}
      >
        {(field) => <Input {...field} inputMode="numeric" {...register('keep')} />}
      </FormField>
      <div className="flex flex-wrap items-center gap-3 md:col-span-2">
        <Button type="submit" disabled={mutation.isPending}>
          Save schedule
        </Button>
        <SaveOutcome
          saved={saved}
          failure={failure}
          savedText="Schedule saved."
          failureText="Could not save the schedule"
        />
      </div>
    </form>
  );
}
