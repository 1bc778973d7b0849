import { CheckCircle2, ExternalLink, Package } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { RouteComponentProps } from 'wouter';
import { customerJourneyErrorCodes } from '@shared/error-codes';
import {
  kitArrivedBody,
  type KitArrivedBody,
  type KitArrivedPage as KitArrivedData,
} from '@shared/customer-links/kit-arrived.contracts';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { CompanyLogo } from '@web/components/company-logo';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { useConfirmKitArrived } from '@web/api/customer-links/confirm-kit-arrived';
import { useKitArrived } from '@web/api/customer-links/get-kit-arrived';
import { uploadCustomerPhoto } from '@web/api/customer-links/upload-customer-photo';
import { errorCode, errorMessage, HttpError } from '@web/lib/api-client';
import { placeServerDetails } from '@web/lib/show-server-error';
import { CompanyContactCard, LinkProblemPage, LoadFailed } from './link-pieces';
import { resizePhotoToJpegBase64 } from './resize-photo';

type Shown = Exclude<KitArrivedData, { state: 'problem' }>;

export default function KitArrivedPage({ params }: RouteComponentProps) {
  const token = params.token ?? '';
  const page = useKitArrived(token);
  if (page.isPending) {
    return (
      <div className="flex justify-center p-10">
        <Spinner label="Loading" />
      </div>
    );
  }
  if (page.isError || !page.data) return <LoadFailed onRetry={() => void page.refetch()} />;
  const data = page.data;
  if (data.state === 'problem')
    return <LinkProblemPage problem={data.problem} company={data.company} />;
  return <KitPage token={token} data={data} />;
}

export function TrackingLine({
  courier,
  trackingNumber,
  trackingUrl,
}: {
  courier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}) {
  if (!courier && !trackingNumber) return null;
  return (
    <div className="grid gap-1 text-sm">
      <p className="text-slate-700">
        Courier: <span className="font-medium text-slate-900">{courier ?? '—'}</span>
      </p>
      <p className="text-slate-700">
        Tracking number:{' '}
        <span className="font-medium break-all text-slate-900">{trackingNumber ?? '—'}</span>
      </p>
      {trackingUrl && (
        <a
          href={trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
        >
          Track the parcel on {courier}’s website
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      )}
    </div>
  );
}

const kitResolver = zodResolver(kitArrivedBody, undefined, { raw: true });

function KitPage({ token, data }: { token: string; data: Shown }) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<KitArrivedBody>({
    resolver: kitResolver,
    defaultValues: { serial: '', photoId: null },
  });
  const photoId = useWatch({ control, name: 'photoId' });
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const confirm = useConfirmKitArrived(token);

  if (data.state === 'confirmed') {
    return (
      <PageLayout width="narrow">
        <CompanyLogo company={data.company} />
        <div className="flex items-start gap-3">
          <CheckCircle2 aria-hidden="true" className="mt-1 size-6 shrink-0 text-green-700" />
          <PageHeader
            title="Thank you, your kit has arrived"
            description={`Order ${data.orderNumber}. We will be in touch to book your installation.`}
          />
        </div>
        <CompanyContactCard company={data.company} />
      </PageLayout>
    );
  }

  async function handlePhoto(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    setUploading(true);
    setPhotoError(undefined);
    try {
      const { id } = await uploadCustomerPhoto(
        'kit-arrived',
        token,
        await resizePhotoToJpegBase64(file),
      );
      setValue('photoId', id);
    } catch (error) {
      setPhotoError(errorMessage(error, 'That photo could not be added. Please try another.'));
    } finally {
      setUploading(false);
    }
  }

  const submit = handleSubmit(
    async (values) => {
      setFormError(null);
      try {
        await confirm.mutateAsync(values);
      } catch (error) {
        if (errorCode(error) === customerJourneyErrorCodes.alreadySubmitted) return;
        if (!placeServerDetails(error, setError, ['serial']).placed) {
          setFormError(
            error instanceof HttpError
              ? errorMessage(error, 'We could not record it. Please try again.')
              : 'We could not reach our server. Please try again when you are online.',
          );
        }
      }
    },
    () => setFormError(null),
  );

  return (
    <PageLayout width="narrow">
      <CompanyLogo company={data.company} />
      <PageHeader title="Has your kit arrived?" description={`Order ${data.orderNumber}`} />
      <Card className="grid gap-3 p-4">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Package aria-hidden="true" className="size-5 text-brand-600" />
          Your delivery
        </h2>
        <TrackingLine {...data} />
      </Card>
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
        {formError && (
          <div
            role="alert"
            className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800"
          >
            {formError}
          </div>
        )}
        <Button type="submit" size="lg" disabled={confirm.isPending || uploading}>
          {confirm.isPending ? 'Saving…' : 'Yes, my kit has arrived'}
        </Button>
        <details className="rounded-md border border-slate-200 bg-white p-3">
          <summary className="cursor-pointer text-sm font-medium text-slate-800">
            Add the serial number or a photo of the box (optional)
          </summary>
          <div className="mt-3 grid gap-4">
            <FormField
              label="Serial number"
              error={errors.serial?.message}
              description="Printed on a label on the box"
            >
              {(f) => <Input {...f} {...register('serial')} />}
            </FormField>
            <FormField label="Photo of the box" error={photoError}>
              {(f) => (
                <Input
                  {...f}
                  type="file"
                  accept="image/*"
                  disabled={uploading}
                  onChange={(e) => void handlePhoto(e.target.files)}
                />
              )}
            </FormField>
            {(uploading || photoId) && (
              <p className="text-sm text-slate-700" aria-live="polite">
                {uploading ? 'Adding photo…' : 'Photo added.'}
              </p>
            )}
          </div>
        </details>
      </form>
      <CompanyContactCard company={data.company} />
    </PageLayout>
  );
}
