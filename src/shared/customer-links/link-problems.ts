import type { PublicLinkProblem } from '../public-links/public-links.contracts';

/** What the page says when a link does not open, and how to get a new one. */
export const linkProblemText: Record<PublicLinkProblem, { title: string; body: string }> = {
  unknown: {
    title: 'We could not find this link',
    body: 'Please check you opened the whole link from our message. If it still does not work, contact us and we will send you a new one.',
  },
  expired: {
    title: 'This link has expired',
    body: 'Links stop working after a while to keep your details safe. Contact us and we will send you a new one.',
  },
  used: {
    title: 'This link has already been used',
    body: 'We have already received this. If something needs changing, contact us.',
  },
  replaced: {
    title: 'A newer link has been sent',
    body: 'We sent you a newer link, so this one no longer works. Please use the link in our most recent message, or contact us for a new one.',
  },
  wrong_purpose: {
    title: 'This link is for a different page',
    body: 'Please open the link exactly as it appears in our message. If it still does not work, contact us and we will send you a new one.',
  },
};
