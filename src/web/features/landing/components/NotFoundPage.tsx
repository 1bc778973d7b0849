import { Link } from 'wouter';

export default function NotFoundPage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="text-slate-600">There is no page at this address.</p>
      <Link href="/" className="text-brand-600 underline hover:text-brand-700">
        Go to the home page
      </Link>
    </main>
  );
}
