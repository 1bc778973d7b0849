import type { BackupRun } from '@shared/backup/backup.contracts';

/** A run's progress: a labelled bar and what it is doing, in words. */
export function BackupProgress({ run, label }: { run: BackupRun; label: string }) {
  return (
    <div className="grid gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={run.progress}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-sky-700 transition-all" style={{ width: `${run.progress}%` }} />
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {run.progress}% · {run.step}
      </p>
    </div>
  );
}
