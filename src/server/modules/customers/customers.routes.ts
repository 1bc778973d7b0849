import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@shared/schema/common.contracts';
import { auditContext } from '../audit/audit.service';
import {
  customerDetail as customerDetailSchema,
  customerListQuery,
  customerListResponse,
  duplicateCustomerQuery,
  duplicateCustomerResponse,
  rejectCustomerBody,
  updateCustomerBody,
} from '@shared/customers/customers.contracts';
import { normaliseUkPhone } from '@shared/phone';
import { normaliseUkPostcode } from '@shared/uk-postcode';
import {
  customerDetail,
  customerList,
  editCustomer,
  findDuplicateCustomers,
  setCustomerValidation,
} from './customers.service';
import { listPaging } from '../../db/keyset';
import { anonymiseCustomer, exportCustomerData } from './customer-data.service';
import { anonymiseCustomerResponse } from '@shared/customers/customer-data.contracts';

/** Customers: back office only. */
export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const paging = listPaging(app.deps.config);
  const config = { roles: ['back_office'] as const };

  app.get(
    '/customers',
    { config, schema: { querystring: customerListQuery, response: { 200: customerListResponse } } },
    async (request) => customerList(db(), paging, request.query),
  );

  // Before the create-order form submits: same email, phone, or name and postcode.
  app.get(
    '/customers/duplicates',
    {
      config,
      schema: { querystring: duplicateCustomerQuery, response: { 200: duplicateCustomerResponse } },
    },
    async (request) => {
      const q = request.query;
      return {
        matches: await findDuplicateCustomers(db(), {
          email: q.email?.toLowerCase() || null,
          phone: q.phone ? normaliseUkPhone(q.phone) : null,
          firstName: q.firstName || null,
          lastName: q.lastName || null,
          postcode: q.postcode ? normaliseUkPostcode(q.postcode) : null,
        }),
      };
    },
  );

  app.get(
    '/customers/:id',
    { config, schema: { params: idParams, response: { 200: customerDetailSchema } } },
    async (request) => customerDetail(db(), request.params.id),
  );

  // Data protection (issue 21): everything held about the customer, as a zip.
  app.get(
    '/customers/:id/export',
    { config, schema: { params: idParams } },
    async (request, reply) => {
      const { fileName, bytes } = await exportCustomerData(
        app.deps,
        request.params.id,
        auditContext(request),
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(bytes));
    },
  );

  app.post(
    '/customers/:id/anonymise',
    { config, schema: { params: idParams, response: { 200: anonymiseCustomerResponse } } },
    async (request) => anonymiseCustomer(app.deps, request.params.id, auditContext(request)),
  );

  app.patch(
    '/customers/:id',
    {
      config,
      schema: {
        params: idParams,
        body: updateCustomerBody,
        response: { 200: customerDetailSchema },
      },
    },
    async (request) => editCustomer(db(), request.params.id, request.body, auditContext(request)),
  );

  app.post(
    '/customers/:id/validate',
    { config, schema: { params: idParams, response: { 200: customerDetailSchema } } },
    async (request) =>
      setCustomerValidation(
        db(),
        request.params.id,
        { status: 'validated' },
        {
          ...auditContext(request),
          actorUserId: request.user!.id,
        },
      ),
  );

  app.post(
    '/customers/:id/reject',
    {
      config,
      schema: {
        params: idParams,
        body: rejectCustomerBody,
        response: { 200: customerDetailSchema },
      },
    },
    async (request) =>
      setCustomerValidation(
        db(),
        request.params.id,
        { status: 'rejected', reason: request.body.reason },
        { ...auditContext(request), actorUserId: request.user!.id },
      ),
  );
};
