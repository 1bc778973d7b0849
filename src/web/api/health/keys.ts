export const readinessKeys = { all: ['/readyz'] as const };
