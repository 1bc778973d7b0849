import type { QueryClient } from '@tanstack/react-query';
import { contractorKeys } from '@web/api/contractors/keys';
import { messageKeys } from '@web/api/messages/keys';
import { contractorEngineerKeys } from './keys';

/** After any change to an engineer: this list, and the company's engineers elsewhere. */
export function refreshEngineers(queryClient: QueryClient, { emailSent = false } = {}) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: contractorEngineerKeys.all }),
    queryClient.invalidateQueries({ queryKey: contractorKeys.all }),
    ...(emailSent ? [queryClient.invalidateQueries({ queryKey: messageKeys.all })] : []),
  ]);
}
