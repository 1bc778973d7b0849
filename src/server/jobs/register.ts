import type { AppDeps } from '../app';

/** Every background job's handler, registered with the queue before the workers start. */
export async function registerJobs(deps: AppDeps): Promise<void> {
  void deps;
}
