import { commonErrorCodes } from '@shared/error-codes';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../errors';
import type { Viewer } from '../orders/orders.service';
import { readCompanyLogo } from '../settings/company-logo.service';
import { certificatePdf } from './certificate-pdf';
import { orderSummary } from './installation.service';

/**
 * The completion certificate PDF of an order, for staff who may see it (`viewer`) or the
 * customer proved by the portal (`viewer` null). 404 until the installation is completed.
 */
export async function certificateReply(
  deps: Pick<AppDeps, 'database' | 'adapters'>,
  viewer: Viewer | null,
  orderNumber: string,
) {
  const summary = await orderSummary(deps, viewer, orderNumber);
  if (!summary.visit)
    throw new AppError(
      404,
      commonErrorCodes.notFound,
      'The completion certificate exists once the installation is completed.',
    );
  const logo = await readCompanyLogo(deps);
  const bytes = await certificatePdf(deps.database.db, deps.adapters.storage, summary, logo);
  return { bytes, fileName: `completion-certificate-${summary.orderNumber}.pdf` };
}
