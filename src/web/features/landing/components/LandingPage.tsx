import { Link } from 'wouter';

const audiences = [
  {
    title: 'Field Engineers',
    text: 'Install on site with the mobile app: photos, serials, speed test and customer sign-off, even offline.',
  },
  {
    title: 'Contractors',
    text: 'Accept jobs, schedule your engineers and follow every installation as it happens.',
  },
  {
    title: 'Back Office',
    text: 'Take in orders, validate customers, dispatch kit and report on every job.',
  },
];

export default function LandingPage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-5xl flex-col items-center justify-center gap-10 px-4 py-12">
      <div className="text-center">
        <h1 className="text-4xl font-bold tracking-tight text-brand-900">Uplink</h1>
        <p className="mt-3 text-lg text-slate-600">
          Satellite internet installations, from order to sign-off.
        </p>
        <Link
          href="/login"
          className="mt-6 inline-flex items-center rounded-md bg-brand-600 px-6 py-3 font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Sign In
        </Link>
      </div>
      <div className="grid w-full gap-4 sm:grid-cols-3">
        {audiences.map((card) => (
          <section
            key={card.title}
            className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h2 className="font-semibold text-slate-900">{card.title}</h2>
            <p className="mt-2 text-sm text-slate-600">{card.text}</p>
          </section>
        ))}
      </div>
    </main>
  );
}
