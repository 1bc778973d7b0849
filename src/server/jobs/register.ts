import type { AppDeps } from '../app-deps';
import { deliverMessage, sendMessageJob } from '../modules/messages/messages.service';

/** Every background job's handler, registered with the queue before the workers start. */
export async function registerJobs(deps: AppDeps): Promise<void> {
  await deps.queue.register<{ messageId: string }>(sendMessageJob, (data) =>
    deliverMessage(deps, data.messageId),
  );
}
