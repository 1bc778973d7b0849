import { Compass } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '@web/components/ui/button';

export default function NotFoundPage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-slate-100">
        <Compass aria-hidden="true" className="size-7 text-slate-500" />
      </span>
      <h1 className="text-2xl font-bold text-slate-900">Page not found</h1>
      <p className="text-slate-600">
        There is no page at this address. Check the link, or start again from the home page.
      </p>
      <Link href="/" className={buttonVariants()}>
        Go to the home page
      </Link>
    </main>
  );
}
