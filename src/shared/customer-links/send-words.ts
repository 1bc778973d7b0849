// Issue 24: what the customer's pages say while a send waits, and when another tab won.

/** A send waiting for the connection (React Query holds it and sends when back online). */
export const offlineSendMessage = "You're offline. We'll send this when you're back online.";

/** The button while a send waits for the connection. */
export const waitingToSendLabel = 'Waiting for a connection…';

/** What a tab is told when another tab or device sent the form first. */
export const sentElsewhereMessage = 'This form was already sent from another tab or device.';
