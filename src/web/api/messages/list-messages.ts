import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListMessagesQuery, ListMessagesResponse } from '@shared/messages/messages.contracts';
import { getJson } from '@web/lib/api-client';
import { messageKeys } from './keys';

export function messagesUrl(query: ListMessagesQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `/api/messages?${search}` : '/api/messages';
}

/** GET /api/messages (back office): every email and SMS with its status; the outbox. */
export function fetchMessages(query: ListMessagesQuery): Promise<ListMessagesResponse> {
  return getJson<ListMessagesResponse>(messagesUrl(query));
}

export function messagesQuery(query: ListMessagesQuery) {
  return queryOptions({
    queryKey: messageKeys.list(query),
    queryFn: () => fetchMessages(query),
    placeholderData: keepPreviousData,
  });
}

export function useMessages(query: ListMessagesQuery) {
  return useQuery(messagesQuery(query));
}
