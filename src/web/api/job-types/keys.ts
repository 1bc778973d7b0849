export const jobTypeKeys = { all: ['/api/job-types'] as const };
