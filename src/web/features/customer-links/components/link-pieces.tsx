import { AlertTriangle, Mail, Phone } from 'lucide-react';
import type { CompanyContact } from '@shared/customer-links/customer-form.contracts';
import { linkProblemText } from '@shared/customer-links/link-problems';
import type { PublicLinkProblem } from '@shared/public-links/public-links.contracts';
import { CompanyLogo } from '@web/components/company-logo';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { Card } from '@web/components/ui/card';

/** How to reach the company: on every customer page, and the way to a new link. */
export function CompanyContactCard({
  company,
  title = 'Need help?',
}: {
  company: CompanyContact;
  title?: string;
}) {
  return (
    <Card className="grid gap-2 p-4">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <p className="text-sm text-slate-700">{company.name}</p>
      <a
        className="flex items-center gap-2 text-sm font-medium text-brand-700 underline"
        href={`tel:${company.phone.replace(/\s+/g, '')}`}
      >
        <Phone aria-hidden="true" className="size-4" />
        {company.phone}
      </a>
      <a
        className="flex items-center gap-2 text-sm font-medium text-brand-700 underline"
        href={`mailto:${company.email}`}
      >
        <Mail aria-hidden="true" className="size-4" />
        {company.email}
      </a>
      <p className="text-sm text-slate-600">{company.hours}</p>
    </Card>
  );
}

/** The page for a link that does not open: which problem, and how to get a new link. */
export function LinkProblemPage({
  problem,
  company,
}: {
  problem: PublicLinkProblem;
  company: CompanyContact;
}) {
  const text = linkProblemText[problem];
  return (
    <PageLayout width="narrow">
      <CompanyLogo company={company} />
      <div className="flex items-start gap-3">
        <AlertTriangle aria-hidden="true" className="mt-1 size-6 shrink-0 text-amber-600" />
        <PageHeader title={text.title} description={text.body} />
      </div>
      <CompanyContactCard company={company} title="Get a new link" />
    </PageLayout>
  );
}

/** When the page itself could not be loaded (offline, server down): never a stack trace. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <PageLayout width="narrow">
      <PageHeader
        title="We could not load this page"
        description="Please check your connection and try again."
      />
      <div>
        <button
          type="button"
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white"
          onClick={onRetry}
        >
          Try again
        </button>
      </div>
    </PageLayout>
  );
}
