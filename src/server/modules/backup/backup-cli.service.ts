// `npm run cli -- backup:create | backup:list | backup:restore --name NAME [--yes]`: the same
// backups as /admin/backup, for when the app cannot start (issue 21).
import { createInterface } from 'node:readline/promises';
import type { Command } from 'commander';
import { backupNameSchema } from '@shared/backup/backup.contracts';
import type { AppDeps } from '../../app-deps';
import { badRequest } from '../../errors';
import type { AuditContext } from '../audit/audit.service';
import { assertConfirmed, backupStoreOf, createBackupNow, startRestore } from './backup.service';

type CliDeps = Pick<AppDeps, 'config' | 'database' | 'adapters' | 'log'>;
type WithDeps = <T>(
  work: (deps: CliDeps) => Promise<T>,
  options?: { queue?: boolean; migrate?: boolean },
) => Promise<T>;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function askForName(name: string): Promise<string> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await prompt.question(
      `Restoring replaces every row and uploaded file with the backup's and ends every session.\nType the backup's name to confirm (${name}): `,
    );
  } finally {
    prompt.close();
  }
}

export function backupCommands(program: Command, withDeps: WithDeps, context: AuditContext) {
  program
    .command('backup:create')
    .description('make a backup now (database and uploaded files); prints its name')
    .action(async () => {
      const made = await withDeps((deps) => createBackupNow(deps, context, 'cli'));
      process.stdout.write(`${made.name} (${megabytes(made.sizeBytes)})\n`);
    });

  program
    .command('backup:list')
    .description('list the backups, newest first')
    .action(async () => {
      const { loadConfig } = await import('../../config');
      const store = backupStoreOf({ config: loadConfig() });
      const backups = await store.list();
      if (backups.length === 0) process.stdout.write(`No backups in ${store.location}.\n`);
      for (const backup of backups) {
        process.stdout.write(
          `${backup.name}  ${megabytes(backup.sizeBytes)}  ${backup.createdAt}\n`,
        );
      }
    });

  program
    .command('backup:restore')
    .description(
      'replace the database and uploaded files with a backup; running servers on the same PostgreSQL answer 503 meanwhile (the embedded database needs the server stopped); asks for the name typed out',
    )
    .requiredOption('--name <name>', 'the backup to restore (see backup:list)')
    .option('--yes', 'do not ask for the name typed out')
    .action(async (opts: { name: string; yes?: boolean }) => {
      const parsed = backupNameSchema.safeParse(opts.name);
      if (!parsed.success) throw badRequest(`Not a backup name: ${opts.name}`);
      const { loadConfig } = await import('../../config');
      const store = backupStoreOf({ config: loadConfig() });
      if (!(await store.list()).some((b) => b.name === opts.name)) {
        throw badRequest(`No backup named ${opts.name} in ${store.location}`);
      }
      if (!opts.yes) assertConfirmed(opts.name, await askForName(opts.name));
      // Not migrated first: a database the app cannot start on is what a restore is for.
      const run = await withDeps(
        async (deps) => {
          const { done } = await startRestore(deps, opts.name, { trigger: 'cli', cli: true });
          return done;
        },
        { migrate: false },
      );
      if (run.status !== 'succeeded') throw new Error(run.error ?? 'The restore failed');
      process.stdout.write(`Restored ${opts.name}. Every session has ended.\n`);
    });
}
