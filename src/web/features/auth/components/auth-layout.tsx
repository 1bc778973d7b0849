import { Satellite } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** The frame of the public sign-in pages: the logo above one centred column. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 py-10">
      <Link
        href="/"
        className="flex items-center gap-2 text-2xl font-bold tracking-tight text-brand-900"
      >
        <Satellite aria-hidden="true" className="size-7 text-brand-600" />
        Uplink
      </Link>
      <div className="flex w-full max-w-md flex-col gap-4">{children}</div>
    </main>
  );
}
