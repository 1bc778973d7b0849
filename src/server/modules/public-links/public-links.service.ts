import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import {
  publicLinkLifetimeDays,
  publicLinkPaths,
  type PublicLinkProblem,
  type PublicLinkPurpose,
} from '@shared/public-links/public-links.contracts';
import {
  claimLinkUse,
  deleteLinkRowsOfOrders,
  findLinkByHash,
  insertLink,
  lockLinkRow,
  replaceLiveLinks,
  type PublicLinkRow,
} from './public-links.repository';

const dayMs = 24 * 60 * 60 * 1000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type IssuedPublicLink = {
  /** The token in the link; shown once, never stored. */
  token: string;
  /** The page's path with the token, e.g. `/customer-form/{token}`: prefix with PUBLIC_URL. */
  path: string;
  expiresAt: Date;
};

/**
 * A new link of one purpose for one order: 256 random bits, stored as a hash, expiring after
 * the purpose's lifetime. Any earlier live link of the same purpose stops working.
 * Call it inside the transaction of the change that sends the link.
 */
export async function issuePublicLink(
  tx: Database,
  input: { orderId: string; purpose: PublicLinkPurpose; now?: Date },
): Promise<IssuedPublicLink> {
  const now = input.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + publicLinkLifetimeDays[input.purpose] * dayMs);
  await replaceLiveLinks(tx, input.orderId, input.purpose, now);
  await insertLink(tx, {
    orderId: input.orderId,
    purpose: input.purpose,
    tokenHash: hashToken(token),
    expiresAt,
    createdAt: now,
  });
  return { token, path: `${publicLinkPaths[input.purpose]}/${token}`, expiresAt };
}

export type ResolvedPublicLink =
  | { ok: true; link: PublicLinkRow }
  /** `link` is there for `used` (the page shows what was sent), never for `unknown`. */
  | { ok: false; problem: PublicLinkProblem; link: PublicLinkRow | null };

/**
 * What a token opens for this purpose. A link expires at its exact second: valid while
 * now < expiresAt. Another purpose's token answers `wrong_purpose` and reveals nothing else.
 */
export async function resolvePublicLink(
  db: Database,
  token: string,
  purpose: PublicLinkPurpose,
  now = new Date(),
): Promise<ResolvedPublicLink> {
  // Tokens are base64url of 32 bytes; anything else cannot be ours.
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { ok: false, problem: 'unknown', link: null };
  const link = await findLinkByHash(db, hashToken(token));
  if (!link) return { ok: false, problem: 'unknown', link: null };
  if (link.purpose !== purpose) return { ok: false, problem: 'wrong_purpose', link: null };
  if (link.usedAt) return { ok: false, problem: 'used', link };
  if (link.replacedAt) return { ok: false, problem: 'replaced', link: null };
  if (now.getTime() >= link.expiresAt.getTime())
    return { ok: false, problem: 'expired', link: null };
  return { ok: true, link };
}

/**
 * Uses a link once, inside the transaction of what it does. False when another request used
 * (or a resend replaced) it first: that request has won and this one must be refused.
 */
export async function usePublicLink(tx: Database, linkId: string, now = new Date()) {
  return claimLinkUse(tx, linkId, now);
}

/**
 * Holds the link's row until the transaction ends, so that what is done under the link (its
 * uploads) is counted one request at a time.
 */
export async function lockPublicLink(tx: Database, linkId: string) {
  await lockLinkRow(tx, linkId);
}

/**
 * Ends every link of these orders for good (a customer anonymised, issue 21): the rows go, so
 * an old token is unknown, as if it never existed. What was sent through them goes too.
 */
export async function deleteLinksOfOrders(tx: Database, orderIds: readonly string[]) {
  return deleteLinkRowsOfOrders(tx, orderIds);
}
