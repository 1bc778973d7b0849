import { useState } from 'react';
import { cn } from '../lib/cn';

/**
 * The company's logo from /settings (issue 21) at the top of a customer's page: nothing when
 * none is set, and nothing if the image does not load (never a broken-image icon). At most
 * 48 px tall and never wider than its column, so a wide logo shrinks on a phone.
 */
export function CompanyLogo({
  company,
  className,
}: {
  company: { name: string; logoUrl: string | null };
  className?: string;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!company.logoUrl || failedUrl === company.logoUrl) return null;
  const url = company.logoUrl;
  return (
    <img
      src={url}
      alt={`${company.name} logo`}
      onError={() => setFailedUrl(url)}
      className={cn(
        'block h-auto max-h-12 w-auto max-w-full justify-self-start object-contain object-left sm:max-w-xs',
        className,
      )}
    />
  );
}
