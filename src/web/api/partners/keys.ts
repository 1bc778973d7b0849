export const partnerKeys = { all: ['/api/partners'] as const };
