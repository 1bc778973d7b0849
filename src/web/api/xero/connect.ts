import { useMutation } from '@tanstack/react-query';
import { sendJson } from '@web/lib/api-client';

/** POST /api/xero/connect: Xero's consent page to send the browser to. */
export function startXeroConnect() {
  return sendJson<{ authorizeUrl: string }>('POST', '/api/xero/connect');
}

export function useStartXeroConnect() {
  return useMutation({ mutationFn: startXeroConnect });
}
