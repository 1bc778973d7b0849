import { Info } from 'lucide-react';

/** spec §2: the 'Need Access?' box under the sign-in card. */
export function NeedAccessBox() {
  return (
    <aside
      aria-labelledby="need-access-title"
      className="flex gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-brand-900"
    >
      <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
      <div>
        <h2 id="need-access-title" className="font-semibold">
          Need Access?
        </h2>
        <p className="mt-1">
          Please contact the project coordinator or back-office administrator to get an account.
        </p>
      </div>
    </aside>
  );
}
