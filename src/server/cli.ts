// `npm run cli -- <command>`: administration commands (issue 3). With the embedded database
// the CLI needs the server stopped (PGlite serves one process); with PostgreSQL, any time.
import { pathToFileURL } from 'node:url';
import { Command, Option } from 'commander';
import { ZodError } from 'zod';
import { errorCodes } from '@shared/error-codes';
import { roles, type Role } from '@shared/roles';
import { closeAdapters, createAdapters } from './adapters/adapters';
import type { AppDeps } from './app-deps';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirInUseError, type DatabaseHandle } from './db/client';
import { migrate } from './db/migrate';
import { AppError } from './errors';
import { createJobQueue, type JobQueue } from './jobs/queue';
import type { AuditContext } from './modules/audit/audit.service';
import { silentLog } from './log';
import { issueDemoLinks } from './modules/customer-links/customer-links.service';
import { createActiveUser, disableUserByEmail, inviteUser } from './modules/users/users.service';
import { describeDemoRemoval, removeDemoData } from './seed/demo-remove';
import { openConfiguredDatabase } from './start-server';
import { backupCommands } from './modules/backup/backup-cli.service';

const cliContext: AuditContext = { actorUserId: null, ip: null, userAgent: 'uplink-cli' };

type CliDeps = Pick<AppDeps, 'config' | 'database' | 'queue' | 'adapters' | 'log'>;

/** Opens the configured database (refusing plainly when the server holds it), runs `work`, closes. */
async function withDeps<T>(
  work: (deps: CliDeps) => Promise<T>,
  options: { queue?: boolean; migrate?: boolean } = {},
) {
  const config: Config = loadConfig();
  const database: DatabaseHandle = await openConfiguredDatabase(config);
  let queue: JobQueue | undefined;
  const adapters = createAdapters(config);
  try {
    if (options.migrate !== false) await migrate(database);
    queue = createJobQueue(database, { runWorkers: false });
    // Messages are handed to the server's worker through the queue; only start it when needed.
    if (options.queue) await queue.start();
    return await work({ config, database, queue, adapters, log: silentLog });
  } finally {
    await queue?.stop().catch(() => {});
    await closeAdapters(adapters);
    await database.close();
  }
}

function parseRoles(value: string | undefined): Role[] {
  if (!value) return [];
  const list = value
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  for (const role of list) {
    if (!(roles as readonly string[]).includes(role)) {
      throw new AppError(
        400,
        errorCodes.validation,
        `Unknown role "${role}" (roles: ${roles.join(', ')})`,
      );
    }
  }
  return list as Role[];
}

const roleOption = () =>
  new Option('--role <role>', 'main role').choices([...roles]).makeOptionMandatory();

export function buildCli() {
  const program = new Command('uplink')
    .description('Uplink administration commands')
    .showHelpAfterError();

  program
    .command('user:create')
    .description('create an active user with a password; prints the new user id')
    .requiredOption('--email <email>', 'email address (sign-in name)')
    .requiredOption('--password <password>', 'password (at least 8 characters, not a common one)')
    .addOption(roleOption())
    .option('--first <name>', 'first name', 'Admin')
    .option('--last <name>', 'last name', 'User')
    .option('--additional-roles <roles>', 'comma-separated extra roles, e.g. engineer')
    .option('--phone <phone>', 'UK mobile for SMS sign-in, e.g. 07700900123')
    .addOption(
      new Option('--two-factor <method>', 'two-factor method')
        .choices(['none', 'email'])
        .default('none'),
    )
    .option('--company <name>', 'company name')
    .action(async (opts) => {
      const user = await withDeps((deps) =>
        createActiveUser(
          deps,
          {
            email: opts.email,
            password: opts.password,
            role: opts.role,
            firstName: opts.first,
            lastName: opts.last,
            additionalRoles: parseRoles(opts.additionalRoles),
            phone: opts.phone,
            twoFactorMethod: opts.twoFactor,
            companyName: opts.company,
          },
          cliContext,
        ),
      );
      process.stdout.write(`${user.id}\n`);
    });

  program
    .command('user:invite')
    .description('create an invited user and print the set-password link (also emailed)')
    .requiredOption('--email <email>', 'email address')
    .addOption(roleOption())
    .option('--first <name>', 'first name', 'New')
    .option('--last <name>', 'last name', 'User')
    .option('--company <name>', 'company name')
    .option('--phone <phone>', 'UK mobile for SMS sign-in')
    .option('--additional-roles <roles>', 'comma-separated extra roles, e.g. engineer')
    .action(async (opts) => {
      const { link } = await withDeps(
        (deps) =>
          inviteUser(
            deps,
            {
              email: opts.email,
              role: opts.role,
              firstName: opts.first,
              lastName: opts.last,
              companyName: opts.company,
              phone: opts.phone,
              additionalRoles: parseRoles(opts.additionalRoles),
            },
            cliContext,
          ),
        { queue: true },
      );
      process.stdout.write(`${link}\n`);
    });

  program
    .command('user:disable')
    .description('disable a user and end their sessions')
    .requiredOption('--email <email>', 'email address')
    .action(async (opts) => {
      const user = await withDeps((deps) => disableUserByEmail(deps, opts.email, cliContext));
      process.stdout.write(`Disabled ${user.email}\n`);
    });

  program
    .command('demo:remove')
    .description(
      'remove the demo accounts and demo data (orders, customers, partners, job types, contractors, messages)',
    )
    .action(async () => {
      const result = await withDeps((deps) => removeDemoData(deps.database.db));
      process.stdout.write(`${describeDemoRemoval(result)}\n`);
    });

  program
    .command('links:demo')
    .description(
      'print working customer-form, kit-arrived and portal links for demo orders waiting at each customer step',
    )
    .action(async () => {
      const links = await withDeps((deps) => issueDemoLinks(deps));
      if (links.length === 0) process.stdout.write('No orders wait at a customer step.\n');
      for (const link of links) {
        process.stdout.write(
          `${link.step}: ${link.orderNumber} (postcode ${link.postcode})\n  ${link.url}\n`,
        );
      }
    });

  backupCommands(program, withDeps, cliContext);

  return program;
}

/** A plain sentence for anything the user can fix; a stack only for real bugs. */
export function describeCliError(error: unknown): string {
  if (error instanceof DataDirInUseError || error instanceof ConfigError) return error.message;
  if (error instanceof AppError) {
    const message = error.message.replace(/^\w+: /, '');
    const details = Object.entries(error.details ?? {})
      .map(([field, messages]) => [field, messages.filter((m) => m !== message)] as const)
      .filter(([, messages]) => messages.length > 0)
      .map(([field, messages]) => `  ${field}: ${messages.join(', ')}`);
    return [message, ...details].join('\n');
  }
  if (error instanceof ZodError) {
    return error.issues
      .map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`)
      .join('\n');
  }
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  buildCli()
    .parseAsync(process.argv)
    .catch((error: unknown) => {
      process.stderr.write(`${describeCliError(error)}\n`);
      process.exit(1);
    });
}
