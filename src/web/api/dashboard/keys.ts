export const dashboardKeys = { all: ['/api/dashboard'] as const };
