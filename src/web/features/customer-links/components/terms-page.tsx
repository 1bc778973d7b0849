import { CompanyLogo } from '@web/components/company-logo';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { useTerms } from '@web/api/customer-links/get-terms';
import { CompanyContactCard, LoadFailed } from './link-pieces';

/** /terms (public): the terms of installation the customer form asks the customer to agree to. */
export default function TermsPage() {
  const terms = useTerms();
  if (terms.isPending) {
    return (
      <div className="flex justify-center p-10">
        <Spinner label="Loading the terms" />
      </div>
    );
  }
  if (terms.isError) return <LoadFailed onRetry={() => void terms.refetch()} />;
  const { company, sections } = terms.data;
  return (
    <PageLayout width="narrow">
      <CompanyLogo company={company} />
      <PageHeader
        title="Terms of installation"
        description={`What you agree to when you send your installation details to ${company.name}.`}
      />
      <Card className="grid gap-5 p-4">
        {sections.map((section) => (
          <section key={section.heading} className="grid gap-2">
            <h2 className="text-lg font-semibold text-slate-900">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="text-sm text-slate-700">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </Card>
      <CompanyContactCard company={company} title="Questions about the terms?" />
    </PageLayout>
  );
}
