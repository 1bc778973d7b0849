import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  // The PostgreSQL connection pool of each app process; unset: 5 per core, 10 to 20.
  DATABASE_POOL_MAX: z.coerce
    .number({ message: 'must be a number of connections' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1000, 'must be at most 1000')
    .optional(),
  PUBLIC_URL: z.url({ message: 'must be a URL such as https://uplink.example.com' }).optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Default: demo data only where PUBLIC_URL is a loopback address (issue 9, decision 023).
  SEED_DEMO: booleanFromEnv.optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  JOBS_WORKER: booleanFromEnv.default(true),
  // Graceful drain on SIGTERM (issue 23, decision 084): seconds the health checks answer 503
  // while the server still serves, so a proxy stops sending before it stops taking connections.
  SHUTDOWN_DRAIN_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 60')
    .max(60, 'must be between 0 and 60')
    .default(0),
  // Identity and access (issue 3); see docs/decisions/007-sessions-and-passwords.md.
  SESSION_IDLE_MINUTES: z.coerce
    .number({ message: 'must be a number of minutes' })
    .int('must be a whole number')
    .min(5, 'must be at least 5')
    .default(720),
  SESSION_MAX_HOURS: z.coerce
    .number({ message: 'must be a number of hours' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(336),
  SMS_LOGIN_ENABLED: booleanFromEnv.default(true),
  SIGNUP_URL: z.url({ message: 'must be a URL' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Uplink <no-reply@uplink.local>'),
  SMS_PROVIDER: z
    .enum(['outbox', 'twilio'], { message: 'must be outbox or twilio' })
    .default('outbox'),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  MESSAGE_RETRY_DELAY_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(10),
  TWILIO_API_BASE: z.url({ message: 'must be a URL' }).default('https://api.twilio.com'),
  // Domain events (docs/decisions/014-domain-events-outbox.md).
  EVENTS_POLL_INTERVAL_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int('must be a whole number')
    .min(50, 'must be at least 50')
    .default(1000),
  // Lists (issue 23, decision 085): a list's total is counted exactly up to this many rows and
  // estimated by the planner beyond it ("about 12,300 orders").
  LIST_EXACT_COUNT_LIMIT: z.coerce
    .number({ message: 'must be a number of rows' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(10_000),
  // A list searched by text (decision 097) counts its matches exactly up to this many: a search's
  // count reads each match, and a term of one or two letters can match a third of the table.
  LIST_SEARCH_EXACT_COUNT_LIMIT: z.coerce
    .number({ message: 'must be a number of rows' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(1_000),
  // Outbound webhooks (issue 14, decision 047): private, loopback and link-local targets are
  // refused unless this is true (tests and local development point webhooks at 127.0.0.1).
  WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanFromEnv.default(false),
  EVENTS_RETRY_DELAY_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(10),
  // File storage (issue 13): a folder under DATA_DIR, or S3-compatible storage when S3_BUCKET is set.
  S3_ENDPOINT: z
    .url({ message: 'must be a URL such as https://s3.eu-west-2.amazonaws.com' })
    .optional(),
  S3_BUCKET: z.string().min(3, 'must be a bucket name').optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(true),
  // Xero (issue 22, decision 078): unset client id leaves Xero off (the page says how to set it up).
  XERO_CLIENT_ID: z.string().min(1).optional(),
  XERO_CLIENT_SECRET: z.string().min(1).optional(),
  XERO_AUTHORIZE_URL: z
    .url({ message: 'must be a URL' })
    .default('https://login.xero.com/identity/connect/authorize'),
  XERO_TOKEN_URL: z
    .url({ message: 'must be a URL' })
    .default('https://identity.xero.com/connect/token'),
  XERO_API_BASE: z.url({ message: 'must be a URL' }).default('https://api.xero.com'),
  // 32 bytes as 64 hex digits or base64; unset: derived from the session secret.
  XERO_TOKEN_KEY: z
    .string()
    .refine(
      (value) => /^[0-9a-fA-F]{64}$/.test(value) || Buffer.from(value, 'base64').length === 32,
      'must be 32 bytes as 64 hex digits or base64',
    )
    .optional(),
});

const checkedEnvSchema = envSchema
  .superRefine((env, ctx) => {
    if (env.S3_BUCKET || env.S3_ENDPOINT) {
      for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required when S3 storage is configured (S3_ENDPOINT or S3_BUCKET)',
          });
      }
    }
    if (env.XERO_CLIENT_ID && !env.XERO_CLIENT_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['XERO_CLIENT_SECRET'],
        message: 'is required when XERO_CLIENT_ID is set',
      });
    if (env.SMS_PROVIDER !== 'twilio') return;
    for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
      if (!env[key])
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'is required when SMS_PROVIDER=twilio',
        });
    }
  })
  .transform((env) => ({
    ...env,
    SEED_DEMO:
      env.SEED_DEMO ?? isLoopbackUrl(env.PUBLIC_URL ?? `http://${displayHostOf(env.HOST)}`),
  }));

export type Env = z.output<typeof checkedEnvSchema>;

/** The host to print and link to when PUBLIC_URL is unset: any-address means this machine. */
function displayHostOf(host: string) {
  return host === '0.0.0.0' || host === '::' ? 'localhost' : host;
}

/**
 * Is this URL's host the machine itself (localhost, 127.0.0.0/8, ::1)? Such a server is a
 * newcomer's or a developer's; anything else is reachable by others.
 */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]' || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export type Config = Omit<Env, 'SESSION_SECRET' | 'PUBLIC_URL' | 'DATA_DIR'> & {
  DATA_DIR: string;
  SESSION_SECRET: string;
  /** Set in the environment, or made by this process in its data folder (decision 084). */
  SESSION_SECRET_SOURCE: 'environment' | 'data folder';
  PUBLIC_URL: string;
};

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = checkedEnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) =>
        `${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(cleaned[String(issue.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return result.data;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = parseEnv(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const displayHost = displayHostOf(parsed.HOST);
  return {
    ...parsed,
    DATA_DIR: dataDir,
    SESSION_SECRET: parsed.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    SESSION_SECRET_SOURCE: parsed.SESSION_SECRET ? 'environment' : 'data folder',
    PUBLIC_URL: (parsed.PUBLIC_URL ?? `http://${displayHost}:${parsed.PORT}`).replace(/\/$/, ''),
  };
}

/** A secret made once and kept beside the data, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
