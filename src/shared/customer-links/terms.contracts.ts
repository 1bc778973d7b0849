import type { CompanyContact } from './customer-form.contracts';

// Issue 24: the customer form asks the customer to agree to the terms of installation, so the
// terms are a page they can read first (/terms, public). Until /settings holds the company's own
// text (decision 074), these plain-English terms are the ones shown, with the company's name.

/** Where the terms are read: linked from the customer form's consent. */
export const termsPath = '/terms';

export type TermsSection = { heading: string; paragraphs: string[] };

/** GET /api/public/terms */
export type TermsPage = { company: CompanyContact; sections: TermsSection[] };

/** The terms of installation, naming the company. */
export function defaultInstallationTerms(companyName: string): TermsSection[] {
  const we = companyName.trim() || 'We';
  return [
    {
      heading: 'The visit',
      paragraphs: [
        `${we} will book a visit on one of the dates you give us and tell you the date and time by email (and by text if you asked for texts).`,
        'Someone aged 18 or over needs to be at the property for the whole visit, and the engineer needs safe access to where the dish will go and to a power socket indoors.',
        'If you need to change the date, use the link in your messages or call us as early as you can.',
      ],
    },
    {
      heading: 'The installation',
      paragraphs: [
        'The engineer will fit the dish where it gets a clear view of the sky, as close as possible to the place you chose. If that place is not safe or has no signal, they will agree another place with you before drilling.',
        'The engineer will drill the holes needed for the mount and the cable and seal them afterwards. They will take photos of the work for our records.',
        'If you rent the property, you confirm your landlord has agreed to the installation. If it is a listed building or in a conservation area, you confirm you have any permission needed.',
      ],
    },
    {
      heading: 'Your details',
      paragraphs: [
        `${we} use your details only to arrange and carry out the installation and to contact you about it. We keep them only as long as we need to, and you can ask us for a copy or to remove them.`,
      ],
    },
    {
      heading: 'Questions',
      paragraphs: [
        'If anything here is unclear, or something goes wrong on the day, contact us using the details below.',
      ],
    },
  ];
}
