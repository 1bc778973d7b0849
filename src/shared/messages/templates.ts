import { z } from 'zod';
import { multilineText, safeText } from '../schema/text';

// Customer messages on every step of an order (PRODUCT.md "Messages", issue 11, decision 029).

export const templateKinds = [
  'order_received',
  'kit_dispatched',
  'appointment_confirmed',
  'appointment_changed',
  'appointment_cancelled',
  'appointment_reminder',
  'engineer_on_the_way',
  'visit_failed',
  'installation_complete',
  'portal_link',
  'test_message',
] as const;
export type TemplateKind = (typeof templateKinds)[number];

export const templateChannels = ['sms', 'email'] as const;
export type TemplateChannel = (typeof templateChannels)[number];

export const templateVariables = [
  'firstName',
  'lastName',
  'orderNumber',
  'date',
  'slot',
  'engineerFirstName',
  'arrivalWindow',
  'link',
  'courier',
  'trackingNumber',
  'companyName',
  'companyPhone',
] as const;
export type TemplateVariable = (typeof templateVariables)[number];

const everyMessage: TemplateVariable[] = [
  'firstName',
  'lastName',
  'orderNumber',
  'companyName',
  'companyPhone',
];
const appointment: TemplateVariable[] = [
  ...everyMessage,
  'date',
  'slot',
  'engineerFirstName',
  'link',
];

/** The variables each kind may use: a variable outside its kind would render empty. */
export const allowedVariables: Record<TemplateKind, readonly TemplateVariable[]> = {
  order_received: [...everyMessage, 'link'],
  kit_dispatched: [...everyMessage, 'link', 'courier', 'trackingNumber'],
  appointment_confirmed: appointment,
  appointment_changed: appointment,
  appointment_cancelled: appointment,
  appointment_reminder: appointment,
  engineer_on_the_way: [...everyMessage, 'engineerFirstName', 'arrivalWindow', 'link'],
  visit_failed: [...everyMessage, 'date', 'link'],
  installation_complete: [...everyMessage, 'link'],
  portal_link: [...everyMessage, 'link'],
  test_message: ['companyName', 'companyPhone'],
};

export const templateKindLabels: Record<TemplateKind, string> = {
  order_received: 'Order received (customer form link)',
  kit_dispatched: 'Kit dispatched',
  appointment_confirmed: 'Appointment confirmed',
  appointment_changed: 'Appointment changed',
  appointment_cancelled: 'Appointment cancelled',
  appointment_reminder: 'Reminder the day before',
  engineer_on_the_way: 'Engineer on the way',
  visit_failed: 'Visit failed',
  installation_complete: 'Installation complete',
  portal_link: 'Link to the order page (asked for by the customer)',
  test_message: 'Test message',
};

export type TemplateText = { subject: string | null; body: string };

const sign = '{{companyName}}';
/** The wording sent until back office edits a template. */
export const defaultTemplates: Record<TemplateKind, Record<TemplateChannel, TemplateText>> = {
  order_received: {
    sms: {
      subject: null,
      body:
        'Hi {{firstName}}, we have your order {{orderNumber}}. Please tell us about your installation: {{link}} - ' +
        sign,
    },
    email: {
      subject: 'Your order {{orderNumber}}: tell us about your installation',
      body:
        'Hello {{firstName}},\n\nThank you: we have your order {{orderNumber}}.\n\nPlease fill in a short form about your property and when you are available:\n{{link}}\n\nQuestions? Call us on {{companyPhone}}.\n\n' +
        sign,
    },
  },
  kit_dispatched: {
    sms: {
      subject: null,
      body:
        'Hi {{firstName}}, your kit for {{orderNumber}} is on its way with {{courier}} ({{trackingNumber}}). Tell us when it arrives: {{link}} - ' +
        sign,
    },
    email: {
      subject: 'Your kit for {{orderNumber}} is on its way',
      body:
        'Hello {{firstName}},\n\nYour kit has been sent with {{courier}}, tracking number {{trackingNumber}}.\n\nWhen it arrives, please tell us here:\n{{link}}\n\n' +
        sign,
    },
  },
  appointment_confirmed: {
    sms: {
      subject: null,
      body:
        'Hi {{firstName}}, your installation is booked for {{date}} ({{slot}}) with {{engineerFirstName}}. Details: {{link}} - ' +
        sign,
    },
    email: {
      subject: 'Your installation is booked for {{date}}',
      body:
        'Hello {{firstName}},\n\nYour installation for order {{orderNumber}} is booked for {{date}} ({{slot}}). Your engineer is {{engineerFirstName}}.\n\nSee your order or ask for another date:\n{{link}}\n\n' +
        sign,
    },
  },
  appointment_changed: {
    sms: {
      subject: null,
      body:
        'Hi {{firstName}}, your installation has moved to {{date}} ({{slot}}) with {{engineerFirstName}}. Details: {{link}} - ' +
        sign,
    },
    email: {
      subject: 'Your installation has moved to {{date}}',
      body:
        'Hello {{firstName}},\n\nYour installation for order {{orderNumber}} is now on {{date}} ({{slot}}). Your engineer is {{engineerFirstName}}.\n\nSee your order:\n{{link}}\n\n' +
        sign,
    },
  },
  appointment_cancelled: {
    sms: {
      subject: null,
      body:
        'Hi {{firstName}}, your installation on {{date}} ({{slot}}) will not go ahead. We will be in touch with a new date. {{link}} - ' +
        sign,
    },
    email: {
      subject: 'Your installation on {{date}} is cancelled',
      body:
        'Hello {{firstName}},\n\nThe installation for order {{orderNumber}} booked for {{date}} ({{slot}}) will not go ahead. We will contact you to arrange a new date.\n\nSee your order:\n{{link}}\n\nCall us on {{companyPhone}}.\n\n' +
        sign,
    },
  },
  appointment_reminder: {
    sms: {
      subject: null,
      body:
        'Hi {{firstName}}, a reminder: {{engineerFirstName}} installs your kit tomorrow, {{date}} ({{slot}}). Details: {{link}} - ' +
        sign,
    },
    email: {
      subject: 'Reminder: your installation is tomorrow',
      body:
        'Hello {{firstName}},\n\nA reminder that {{engineerFirstName}} is coming tomorrow, {{date}} ({{slot}}), for order {{orderNumber}}.\n\n{{link}}\n\n' +
        sign,
    },
  },
  engineer_on_the_way: {
    sms: {
      subject: null,
      body:
        'Hi {{firstName}}, {{engineerFirstName}} is on the way to you now and should arrive {{arrivalWindow}}. {{link}} - ' +
        sign,
    },
    email: {
      subject: 'Your engineer is on the way',
      body:
        'Hello {{firstName}},\n\n{{engineerFirstName}} is on the way to install your kit (order {{orderNumber}}) and should arrive {{arrivalWindow}}.\n\n{{link}}\n\n' +
        sign,
    },
  },
  visit_failed: {
    sms: {
      subject: null,
      body:
        'Hi {{firstName}}, we could not finish your installation on {{date}}. We will be in touch to rebook. {{companyPhone}} - ' +
        sign,
    },
    email: {
      subject: 'We could not finish your installation',
      body:
        'Hello {{firstName}},\n\nWe are sorry: the installation for order {{orderNumber}} on {{date}} could not be finished. We will contact you to arrange another visit.\n\n{{link}}\n\nCall us on {{companyPhone}}.\n\n' +
        sign,
    },
  },
  installation_complete: {
    sms: {
      subject: null,
      body:
        'Hi {{firstName}}, your installation ({{orderNumber}}) is complete. Thank you! {{link}} - ' +
        sign,
    },
    email: {
      subject: 'Your installation is complete',
      body:
        'Hello {{firstName}},\n\nYour installation for order {{orderNumber}} is complete. Thank you for choosing us.\n\nYour summary:\n{{link}}\n\n' +
        sign,
    },
  },
  // Issue 18: the customer asked for it on the portal's postcode page ("Send me a link").
  portal_link: {
    sms: {
      subject: null,
      body:
        'Hi {{firstName}}, here is the link to your order {{orderNumber}}: {{link}} If you did not ask for it, ignore this text. - ' +
        sign,
    },
    email: {
      subject: 'Your link to order {{orderNumber}}',
      body:
        'Hello {{firstName}},\n\nYou asked for a link to your order {{orderNumber}}. It opens your order page without the postcode:\n{{link}}\n\nIf you did not ask for it, you can ignore this email.\n\nQuestions? Call us on {{companyPhone}}.\n\n' +
        sign,
    },
  },
  test_message: {
    sms: { subject: null, body: 'Test message from {{companyName}}.' },
    email: {
      subject: 'Test message from {{companyName}}',
      body: 'Test message from {{companyName}}.',
    },
  },
};

const variablePattern = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Every `{{name}}` in a text, in order, once each. */
export function variablesIn(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(variablePattern)) names.add(match[1] ?? '');
  return [...names];
}

export type TemplateProblem = { variable: string; reason: 'unknown' | 'not_allowed' };

/** The first variable the kind cannot use, if any. */
export function templateProblem(kind: TemplateKind, text: string): TemplateProblem | null {
  for (const name of variablesIn(text)) {
    if (!(templateVariables as readonly string[]).includes(name))
      return { variable: name, reason: 'unknown' };
    if (!allowedVariables[kind].includes(name as TemplateVariable))
      return { variable: name, reason: 'not_allowed' };
  }
  return null;
}

export function templateProblemMessage(kind: TemplateKind, problem: TemplateProblem): string {
  return problem.reason === 'unknown'
    ? `Unknown variable {{${problem.variable}}}`
    : `{{${problem.variable}}} cannot be used in "${templateKindLabels[kind]}"`;
}

export type TemplateValues = Partial<Record<TemplateVariable, string>>;

/** Fills the variables in; a variable without a value becomes empty. */
export function renderTemplate(text: string, values: TemplateValues): string {
  return text.replace(
    variablePattern,
    (_all, name: string) => values[name as TemplateVariable] ?? '',
  );
}

// GSM 03.38: the basic set, and the extension characters that take two septets.
const gsmBasic =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const gsmExtension = '^{}\\[~]|€\f';

export type SmsLength = { encoding: 'GSM-7' | 'UCS-2'; units: number; segments: number };

/**
 * How many parts an SMS is sent in: GSM-7 holds 160 septets alone or 153 per part, UCS-2
 * (any character outside GSM-7) 70 alone or 67 per part, counted in UTF-16 code units.
 */
export function smsLength(text: string): SmsLength {
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (gsmBasic.includes(char)) septets += 1;
    else if (gsmExtension.includes(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) {
    return {
      encoding: 'GSM-7',
      units: septets,
      segments: septets === 0 ? 0 : septets <= 160 ? 1 : Math.ceil(septets / 153),
    };
  }
  const units = text.length;
  return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}

export const templateSchema = z.object({
  kind: z.enum(templateKinds),
  channel: z.enum(templateChannels),
  subject: z.string().nullable(),
  body: z.string(),
  /** Whether back office changed it from the default. */
  edited: z.boolean(),
  allowedVariables: z.array(z.string()),
  sms: z
    .object({ encoding: z.enum(['GSM-7', 'UCS-2']), units: z.number(), segments: z.number() })
    .nullable(),
  updatedAt: z.string().nullable(),
});
export type MessageTemplate = z.infer<typeof templateSchema>;

export const listTemplatesResponseSchema = z.object({ templates: z.array(templateSchema) });

export const saveTemplateBodySchema = z.object({
  subject: safeText().trim().max(200).nullable().optional(),
  body: multilineText().trim().min(1, 'Required').max(2000),
});
export type SaveTemplateBody = z.infer<typeof saveTemplateBodySchema>;

export const previewTemplateBodySchema = z.object({
  kind: z.enum(templateKinds),
  channel: z.enum(templateChannels),
  subject: safeText().max(200).nullable().optional(),
  body: multilineText().max(2000),
  orderId: z.uuid().optional(),
});
export const previewTemplateResponseSchema = z.object({
  subject: z.string().nullable(),
  body: z.string(),
  sms: z
    .object({ encoding: z.enum(['GSM-7', 'UCS-2']), units: z.number(), segments: z.number() })
    .nullable(),
});

/** {{slot}} as the customer reads it. */
export const slotWords = { am: 'Morning', pm: 'Afternoon', all_day: 'All day' } as const;
