// The contractor portal's screens (decision 032): sub-routes of /contractor.
export const contractorPaths = {
  dashboard: '/contractor',
  orders: '/contractor/orders',
  order: (id: string) => `/contractor/orders/${id}`,
  reports: '/contractor/reports',
  dispatchBoard: '/contractor/board',
  map: '/contractor/map',
  stock: '/contractor/stock',
  engineers: '/contractor-management',
};

/** The orders list filtered as one of the dashboard's figures counts. */
export const dashboardLinks = {
  offers: `${contractorPaths.orders}?status=validated`,
  readyToSchedule: `${contractorPaths.orders}?status=assigned&kitStatus=arrived,customer_supplied`,
  revisits: `${contractorPaths.orders}?status=revisit_required`,
  completed: (from: string, to: string) =>
    `${contractorPaths.orders}?completedFrom=${from}&completedTo=${to}`,
};
