import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createQueryClient } from '../lib/query-client';
import { AppRoutes } from './AppRoutes';
import { DeferredToaster } from './DeferredToaster';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AppRoutes />
      <DeferredToaster />
    </QueryClientProvider>
  );
}
