import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { idempotencyKeys, type IdempotencyKeyRow } from './idempotency.schema';

/** How long a key is kept (issue 8: at least 24 hours). */
export const idempotencyRetentionHours = 24;
/** A `running` row older than this is taken to be left by a dead process (decision 019). */
export const idempotencyTakeoverMinutes = 5;

/** Whose key space a key lives in: a signed-in user's, or a partner API key's (decision 044). */
export type IdempotencyOwner = { userId: string } | { apiKeyId: string };

function ownerValues(owner: IdempotencyOwner) {
  return 'userId' in owner
    ? { userId: owner.userId, apiKeyId: null }
    : { userId: null, apiKeyId: owner.apiKeyId };
}

function ownerIs(owner: IdempotencyOwner) {
  return 'userId' in owner
    ? eq(idempotencyKeys.userId, owner.userId)
    : eq(idempotencyKeys.apiKeyId, owner.apiKeyId);
}

export type IdempotencyClaimInput = {
  owner: IdempotencyOwner;
  key: string;
  fingerprint: string;
  method: string;
  path: string;
  runId: string;
};

const expired = sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${idempotencyRetentionHours})`;

/**
 * Makes this run the owner of (user, key) when the key is new, expired, or held by an abandoned
 * run of the same request; answers whether it did. One statement, so the primary key decides
 * between two requests racing on one key, whichever server they reach.
 */
export async function claimIdempotencyKey(
  db: Database,
  input: IdempotencyClaimInput,
): Promise<boolean> {
  const { owner, ...rest } = input;
  const rows = await db
    .insert(idempotencyKeys)
    .values({ ...rest, ...ownerValues(owner), status: 'running' })
    .onConflictDoUpdate({
      target: [
        'userId' in owner ? idempotencyKeys.userId : idempotencyKeys.apiKeyId,
        idempotencyKeys.key,
      ],
      set: {
        fingerprint: sql`excluded.fingerprint`,
        method: sql`excluded.method`,
        path: sql`excluded.path`,
        status: 'running',
        runId: sql`excluded.run_id`,
        lockedAt: sql`now()`,
        createdAt: sql`now()`,
        responseStatus: null,
        responseHeaders: null,
        responseBody: null,
        responseBodyEncoding: null,
      },
      setWhere: sql`${expired} or (
        ${idempotencyKeys.status} = 'running'
        and ${idempotencyKeys.fingerprint} = excluded.fingerprint
        and ${idempotencyKeys.lockedAt} < now() - make_interval(mins => ${idempotencyTakeoverMinutes})
      )`,
    })
    .returning({ runId: idempotencyKeys.runId });
  return rows[0]?.runId === input.runId;
}

export async function findIdempotencyKey(
  db: Database,
  owner: IdempotencyOwner,
  key: string,
): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(ownerIs(owner), eq(idempotencyKeys.key, key)));
  return row;
}

export type StoredResponse = {
  status: number;
  headers: Record<string, string>;
  body: string | null;
  encoding: 'utf8' | 'base64' | null;
};

/** Records the answer of the run that still owns the key (a run taken over records nothing). */
export async function completeIdempotencyKey(
  db: Database,
  run: { owner: IdempotencyOwner; key: string; runId: string },
  response: StoredResponse,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({
      status: 'completed',
      responseStatus: response.status,
      responseHeaders: response.headers,
      responseBody: response.body,
      responseBodyEncoding: response.encoding,
    })
    .where(
      and(
        ownerIs(run.owner),
        eq(idempotencyKeys.key, run.key),
        eq(idempotencyKeys.runId, run.runId),
      ),
    );
}

/** Forgets the key (after a 5xx), so that the client's retry runs the request again. */
export async function releaseIdempotencyKey(
  db: Database,
  run: { owner: IdempotencyOwner; key: string; runId: string },
): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        ownerIs(run.owner),
        eq(idempotencyKeys.key, run.key),
        eq(idempotencyKeys.runId, run.runId),
      ),
    );
}

/** Deletes keys past their retention; answers how many. Safe to run from several servers. */
export async function purgeExpiredIdempotencyKeys(db: Database): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(
      lt(
        idempotencyKeys.createdAt,
        sql`now() - make_interval(hours => ${idempotencyRetentionHours})`,
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
