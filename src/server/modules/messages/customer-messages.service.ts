import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { badRequest } from '../../errors';
import { portalLinkPath } from '../customer-portal/portal-access.service';
import { issuePublicLink } from '../public-links/public-links.service';
import type { VisitSlot } from '@shared/orders/order-status';
import { arrivalWindowWords } from '@shared/visits/on-the-way';
import {
  allowedVariables,
  defaultTemplates,
  renderTemplate,
  slotWords,
  smsLength,
  templateChannels,
  templateKinds,
  templateProblem,
  templateProblemMessage,
  type MessageTemplate,
  type SaveTemplateBody,
  type TemplateChannel,
  type TemplateKind,
  type TemplateText,
  type TemplateValues,
} from '@shared/messages/templates';
import type { PublicLinkPurpose } from '@shared/public-links/public-links.contracts';
import {
  findLatestVisit,
  findOrderRecipient,
  findVisit,
  type OrderRecipient,
} from '../orders/projections/customer-messages.projection';
import {
  findTemplateOverride,
  findTemplateOverrides,
  upsertTemplate,
} from './customer-messages.repository';
import { queueMessage } from './messages.service';
import { companySender } from './company-sender';

type Deps = Pick<AppDeps, 'config' | 'database' | 'queue' | 'adapters' | 'log'>;

/** Kinds whose body holds a link that opens the customer's data: blanked once delivered. */
const linkKinds: readonly TemplateKind[] = ['order_received', 'kit_dispatched', 'portal_link'];

export async function templateText(
  db: Database,
  kind: TemplateKind,
  channel: TemplateChannel,
): Promise<TemplateText> {
  const row = await findTemplateOverride(db, kind, channel);
  return row ? { subject: row.subject, body: row.body } : defaultTemplates[kind][channel];
}

export async function listTemplates(db: Database): Promise<MessageTemplate[]> {
  const overrides = await findTemplateOverrides(db);
  const result: MessageTemplate[] = [];
  for (const kind of templateKinds) {
    for (const channel of templateChannels) {
      const row = overrides.find((o) => o.kind === kind && o.channel === channel);
      const text = row ? { subject: row.subject, body: row.body } : defaultTemplates[kind][channel];
      result.push({
        kind,
        channel,
        subject: channel === 'email' ? text.subject : null,
        body: text.body,
        edited: Boolean(row),
        allowedVariables: [...allowedVariables[kind]],
        sms: channel === 'sms' ? smsLength(text.body) : null,
        updatedAt: row?.updatedAt.toISOString() ?? null,
      });
    }
  }
  return result;
}

/** Refuses a template that names a variable its kind cannot fill, with the variable named. */
export function checkTemplate(
  kind: TemplateKind,
  channel: TemplateChannel,
  text: SaveTemplateBody,
) {
  if (channel === 'email' && !text.subject) {
    throw badRequest('An email needs a subject', { subject: ['Required'] });
  }
  for (const field of ['subject', 'body'] as const) {
    const value = field === 'subject' ? (channel === 'email' ? text.subject : null) : text.body;
    if (!value) continue;
    const problem = templateProblem(kind, value);
    if (problem) {
      const message = templateProblemMessage(kind, problem);
      throw badRequest(message, { [field]: [message] });
    }
  }
}

export async function saveTemplate(
  db: Database,
  kind: TemplateKind,
  channel: TemplateChannel,
  text: SaveTemplateBody,
  actorUserId: string | null,
) {
  checkTemplate(kind, channel, text);
  await upsertTemplate(db, {
    kind,
    channel,
    subject: channel === 'email' ? (text.subject ?? null) : null,
    body: text.body,
    updatedBy: actorUserId,
  });
}

function baseValues(
  recipient: OrderRecipient,
  company: { companyName: string; companyPhone: string },
): TemplateValues {
  return {
    ...company,
    firstName: recipient.firstName,
    lastName: recipient.lastName,
    orderNumber: recipient.orderNumber,
  };
}

/** `Friday 12 March 2027`, the way a customer reads a date. */
export function formatVisitDate(date: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(new Date(`${date}T12:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

export function visitValues(visit: {
  scheduledDate: string;
  slot: VisitSlot;
  engineerFirstName: string;
}) {
  return {
    date: formatVisitDate(visit.scheduledDate),
    slot: slotWords[visit.slot],
    engineerFirstName: visit.engineerFirstName,
  } satisfies TemplateValues;
}

/**
 * Queues a customer message on every channel the customer can receive (decision 031): SMS to
 * their phone unless they opted out of texts, email to their address unless they opted out of
 * email. An opted-out channel is recorded as `suppressed` with the reason. Written through `tx`.
 */
export async function sendCustomerMessage(
  deps: Deps,
  tx: Database,
  input: { orderId: string; kind: TemplateKind; values?: TemplateValues },
) {
  const recipient = await findOrderRecipient(tx, input.orderId);
  if (!recipient) return [];
  const values = { ...baseValues(recipient, await companySender(tx)), ...input.values };
  const queued = [];
  for (const channel of templateChannels) {
    const to = channel === 'sms' ? recipient.phone : recipient.email;
    if (!to) continue;
    const optedOut = channel === 'sms' ? recipient.smsOptOut : recipient.emailOptOut;
    const text = await templateText(tx, input.kind, channel);
    const row = await queueMessage(
      deps,
      {
        channel,
        kind: input.kind,
        to,
        subject: channel === 'email' ? renderTemplate(text.subject ?? '', values) : undefined,
        body: renderTemplate(text.body, values),
        sensitive: linkKinds.includes(input.kind),
        relatedType: 'order',
        relatedId: input.orderId,
        suppressedReason: optedOut
          ? `The customer opted out of ${channel === 'sms' ? 'texts' : 'email'}`
          : undefined,
      },
      { tx },
    );
    queued.push(row);
  }
  return queued;
}

const purposeKind: Record<PublicLinkPurpose, TemplateKind> = {
  customer_form: 'order_received',
  kit_arrived: 'kit_dispatched',
};

/** A new link of one purpose (the old one stops working) in the message that carries it. */
export async function sendLinkMessage(
  deps: Deps,
  tx: Database,
  input: { orderId: string; purpose: PublicLinkPurpose; courier?: string; trackingNumber?: string },
) {
  const link = await issuePublicLink(tx, { orderId: input.orderId, purpose: input.purpose });
  const values: TemplateValues = { link: `${deps.config.PUBLIC_URL}${link.path}` };
  if (input.purpose === 'kit_arrived') {
    const recipient = await findOrderRecipient(tx, input.orderId);
    values.courier = input.courier ?? recipient?.courier ?? '';
    values.trackingNumber = input.trackingNumber ?? recipient?.trackingNumber ?? '';
  }
  return sendCustomerMessage(deps, tx, {
    orderId: input.orderId,
    kind: purposeKind[input.purpose],
    values,
  });
}

export function portalUrl(deps: Pick<AppDeps, 'config'>, orderNumber: string, now = new Date()) {
  return `${deps.config.PUBLIC_URL}${portalLinkPath(deps.config.SESSION_SECRET, orderNumber, now)}`;
}

/** The signed portal link the customer asked for on the postcode page (issue 18). */
export async function sendPortalLinkMessage(deps: Deps, tx: Database, input: { orderId: string }) {
  const recipient = await findOrderRecipient(tx, input.orderId);
  if (!recipient) return [];
  return sendCustomerMessage(deps, tx, {
    orderId: input.orderId,
    kind: 'portal_link',
    values: { link: portalUrl(deps, recipient.orderNumber) },
  });
}

/** A message about the order's latest (or a given) visit, with the portal link. */
export async function sendVisitMessage(
  deps: Deps,
  tx: Database,
  input: { orderId: string; kind: TemplateKind; visitId?: string; values?: TemplateValues },
) {
  const visit = input.visitId
    ? await findVisit(tx, input.visitId)
    : await findLatestVisit(tx, input.orderId);
  const recipient = await findOrderRecipient(tx, input.orderId);
  if (!recipient) return [];
  return sendCustomerMessage(deps, tx, {
    orderId: input.orderId,
    kind: input.kind,
    values: {
      ...(visit ? visitValues(visit) : {}),
      link: portalUrl(deps, recipient.orderNumber),
      ...input.values,
    },
  });
}

/** The values a template is previewed with: a real order's, or examples. */
export async function previewValues(
  deps: Pick<AppDeps, 'config' | 'database'>,
  orderId: string | undefined,
): Promise<TemplateValues> {
  const example: TemplateValues = {
    firstName: 'Alex',
    lastName: 'Morgan',
    orderNumber: 'ORD-000123',
    date: formatVisitDate('2027-03-12'),
    slot: slotWords.am,
    engineerFirstName: 'Sam',
    arrivalWindow: arrivalWindowWords(new Date('2027-03-12T10:07:00Z')),
    link: `${deps.config.PUBLIC_URL}/customer/ORD-000123`,
    courier: 'DPD',
    trackingNumber: '1234567890',
    ...(await companySender(deps.database.db)),
  };
  if (!orderId) return example;
  const db = deps.database.db;
  const recipient = await findOrderRecipient(db, orderId);
  if (!recipient) return example;
  const visit = await findLatestVisit(db, orderId);
  return {
    ...example,
    ...baseValues(recipient, await companySender(db)),
    ...(visit ? visitValues(visit) : {}),
    courier: recipient.courier ?? example.courier,
    trackingNumber: recipient.trackingNumber ?? example.trackingNumber,
    link: `${deps.config.PUBLIC_URL}/customer/${recipient.orderNumber}`,
  };
}
