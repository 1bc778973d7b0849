import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createQueryClient } from '../lib/query-client';
import { AppRoutes } from './app-routes';
import { DeferredToaster } from './deferred-toaster';
import { ErrorBoundary } from './error-boundary';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary scope="root">
      <QueryClientProvider client={queryClient}>
        <AppRoutes />
        <DeferredToaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
