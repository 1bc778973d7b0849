import { createContext, useContext, type ReactNode } from 'react';

/**
 * Where the order screens are mounted, and for whom: back office at /orders, or a contractor
 * at /contractor/orders (issue 12, decision 032). The same list, filters, CSV and detail serve
 * both; the server decides what each may see, this only shapes links and hides what a
 * contractor cannot use (editing, creating, the partner and contractor filters).
 */
export type OrdersArea = {
  /** The list's path; details are `${basePath}/:id`. */
  basePath: string;
  backOffice: boolean;
};

const backOfficeArea: OrdersArea = { basePath: '/orders', backOffice: true };
export const contractorOrdersArea: OrdersArea = {
  basePath: '/contractor/orders',
  backOffice: false,
};
const OrdersAreaContext = createContext<OrdersArea>(backOfficeArea);

export function OrdersAreaProvider({ area, children }: { area: OrdersArea; children: ReactNode }) {
  return <OrdersAreaContext.Provider value={area}>{children}</OrdersAreaContext.Provider>;
}

export function useOrdersArea(): OrdersArea {
  return useContext(OrdersAreaContext);
}
