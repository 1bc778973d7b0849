import { Satellite } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/**
 * The frame of a public page (customer form, kit arrived, portal) for a visitor who is not
 * signed in: the same brand bar and the same content edges as the signed-in shell, with
 * margins on a phone (decision 024).
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 lg:px-6">
          <Link
            href="/"
            aria-label="Uplink home"
            className="flex items-center gap-2 rounded-md font-semibold text-brand-900 outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <Satellite aria-hidden="true" className="size-6 text-brand-600" />
            <span className="text-lg tracking-tight">Uplink</span>
          </Link>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-4 lg:px-6">
        {children}
      </main>
    </div>
  );
}
