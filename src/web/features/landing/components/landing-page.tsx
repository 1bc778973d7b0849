import { ArrowRight, Building2, HardHat, Satellite, Smartphone } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';

// spec §1: the signed-out home page: a sign-in button and three cards.
const audiences = [
  {
    title: 'Field Engineers',
    icon: Smartphone,
    text: 'Install on site with the mobile app: photos, serials, speed test and customer sign-off, even with no signal.',
  },
  {
    title: 'Contractors',
    icon: HardHat,
    text: 'Accept jobs, schedule your engineers and follow every installation as it happens.',
  },
  {
    title: 'Back Office',
    icon: Building2,
    text: 'Take in orders, validate customers, dispatch kit and report on every job.',
  },
];

export default function LandingPage() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-4">
          <Satellite aria-hidden="true" className="size-6 text-brand-600" />
          <span className="text-lg font-semibold tracking-tight text-brand-900">Uplink</span>
        </div>
      </header>
      <main className="flex-1">
        <section className="bg-gradient-to-b from-brand-900 to-brand-700 text-white">
          <div className="mx-auto flex max-w-5xl flex-col items-center px-4 py-14 text-center sm:py-20">
            <span className="flex size-14 items-center justify-center rounded-2xl bg-white/10 ring-1 ring-white/20">
              <Satellite aria-hidden="true" className="size-8" />
            </span>
            <h1 className="mt-5 text-4xl font-bold tracking-tight sm:text-5xl">Uplink</h1>
            <p className="mt-3 max-w-xl text-lg text-brand-100">
              Satellite internet installations, from order to sign-off.
            </p>
            <Link
              href="/login"
              className={cn(
                buttonVariants({ size: 'lg' }),
                'mt-8 bg-white text-brand-900 hover:bg-brand-50 focus-visible:ring-white focus-visible:ring-offset-brand-900',
              )}
            >
              Sign In
              <ArrowRight aria-hidden="true" />
            </Link>
          </div>
        </section>
        <section aria-label="Who Uplink is for" className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
          <div className="grid gap-4 sm:grid-cols-3">
            {audiences.map(({ title, icon: Icon, text }) => (
              <article
                key={title}
                className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
              >
                <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h2 className="mt-4 font-semibold text-slate-900">{title}</h2>
                <p className="mt-2 text-sm text-slate-600">{text}</p>
              </article>
            ))}
          </div>
        </section>
      </main>
      <footer className="border-t border-slate-200 bg-white py-4 text-center text-xs text-slate-500">
        Customers: follow your order with the link in the messages we send you.
      </footer>
    </div>
  );
}
