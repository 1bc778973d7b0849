import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerOrdersResponse } from '@shared/customer-portal/customer-orders.contracts';
import { unauthenticated } from '../../errors';
import { listOrdersForCustomerEmail } from '../orders/projections/customer-orders.projection';
import { getCompanyContact } from '../settings/settings.service';

/** The signed-in customer's own view (spec §2 /customer, the customer's dashboard). */
export const customerPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customer/orders',
    {
      config: { roles: ['customer'] as const },
      schema: { response: { 200: customerOrdersResponse } },
    },
    async (request) => {
      // The guard has already refused anyone signed out or without the customer role.
      const user = request.user;
      if (!user) throw unauthenticated();
      const db = app.deps.database.db;
      const [items, company] = await Promise.all([
        listOrdersForCustomerEmail(db, user.email),
        getCompanyContact(db),
      ]);
      return { items, company };
    },
  );
};
